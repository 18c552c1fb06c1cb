import type { LogReader, RecordedEvent } from '@whosright/eventstore/port';
import type { AfterAppend } from './in-append';
import type { GuaranteedWriter } from '../store/port';
import { createInProcessLeaseManager } from './lease/in-process-lease';
import type { LeaseManager } from './lease/port';
import type { AnyProjection } from './projection';
import { ProjectionWorker } from './projection-worker';
import { silentLogger, type ProjectionStatus, type Readiness, type RunnerLogger } from './status';
import { waitForPositions } from './wait-for';
import { createCheckpointWaiter } from './checkpoint-waiter';
import type { CommittedListener } from './generation-run';

export type { CommittedListener };

export interface ProjectionRunnerOptions {
  eventStore: LogReader;
  readStore: GuaranteedWriter;
  projections: readonly AnyProjection[];
  /** Defaults to in-process leases shared by the runners of this read store (embedded mode); Redis in scale mode. */
  leases?: LeaseManager;
  logger?: RunnerLogger;
  /** Events per transaction while catching up (default 500). */
  batchSize?: number;
  idleCheckpointMs?: number;
  maxBackoffMs?: number;
  /** Told of each batch a projection commits to the copy readers use (live notifications). */
  onCommitted?: CommittedListener;
}

export interface ProjectionRunner {
  start(): void;
  stop(): Promise<void>;
  status(): ProjectionStatus[];
  /** Not ready while any projection is paused on a dead-lettered event. */
  readiness(): Readiness;
  /**
   * Read-your-writes: resolves true once the named projections (default: all) reflect every event
   * up to `position`, false after `timeoutMs` (default 2000) or when one of them is paused. A
   * projection whose lease another process holds, or every projection of a runner never started
   * (an API process in scale mode), is followed through its stored checkpoint.
   */
  waitFor(
    position: bigint,
    projectionNames?: readonly string[],
    timeoutMs?: number,
  ): Promise<boolean>;
  /** Retries a paused projection's dead-lettered event. */
  resume(projectionName: string): void;
  /**
   * Embedded mode, inside an append's transaction: every live projection whose stored
   * checkpoint is where it left off applies the appended events there, so they commit with the
   * events and a request reads its own write without waiting; the others catch up as usual.
   * Undefined when the read store cannot write in the event store's transaction.
   */
  applyInTransaction?(
    events: readonly RecordedEvent[],
    positionBefore: bigint,
  ): AfterAppend | undefined;
}

/** Embedded mode: one lease holder per projection and read store in this process, whichever runner asks. */
const processLeases = new WeakMap<GuaranteedWriter, LeaseManager>();

function inProcessLeases(store: GuaranteedWriter): LeaseManager {
  let leases = processLeases.get(store);
  if (!leases) processLeases.set(store, (leases = createInProcessLeaseManager()));
  return leases;
}

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const names = new Set<string>();
  for (const projection of options.projections) {
    if (names.has(projection.name)) throw new Error(`Duplicate projection name ${projection.name}`);
    names.add(projection.name);
  }
  const workers = new Map(
    options.projections.map((projection) => [
      projection.name,
      new ProjectionWorker({
        eventStore: options.eventStore,
        readStore: options.readStore,
        leases: options.leases ?? inProcessLeases(options.readStore),
        projection,
        logger: options.logger ?? silentLogger,
        batchSize: options.batchSize ?? 500,
        idleCheckpointMs: options.idleCheckpointMs ?? 1_000,
        maxBackoffMs: options.maxBackoffMs ?? 5_000,
        ...(options.onCommitted ? { onCommitted: options.onCommitted } : {}),
      }),
    ]),
  );

  const checkpoints = createCheckpointWaiter(options.readStore);
  const writer = options.readStore.inTransaction;
  let started = false;

  function worker(name: string): ProjectionWorker {
    const found = workers.get(name);
    if (!found) throw new Error(`Unknown projection ${name}`);
    return found;
  }

  return {
    start() {
      started = true;
      for (const w of workers.values()) w.start();
    },
    async stop() {
      await Promise.all([...workers.values()].map((w) => w.stop()));
    },
    status: () => [...workers.values()].map((w) => w.status()),
    readiness() {
      const failing = [...workers.values()]
        .filter((w) => w.status().state === 'paused')
        .map((w) => w.name);
      return { ready: failing.length === 0, failing };
    },
    async waitFor(position, projectionNames, timeoutMs = 2_000) {
      const selected = projectionNames ? projectionNames.map(worker) : [...workers.values()];
      // Scale mode: where another process runs a projection (it holds the lease, or this process
      // runs no projections at all), its stored checkpoint tells.
      const elsewhere = started
        ? selected.filter((w) => w.status().state === 'waitingForLease')
        : selected;
      const here = selected.filter((w) => !elsewhere.includes(w));
      const results = await Promise.all([
        waitForPositions(here, position, timeoutMs),
        elsewhere.length
          ? checkpoints.waitFor(
              position,
              elsewhere.map((w) => w.name),
              timeoutMs,
            )
          : true,
      ]);
      return results.every(Boolean);
    },
    resume(name) {
      worker(name).resume();
    },
    ...(writer
      ? {
          applyInTransaction(events, positionBefore) {
            const afters: AfterAppend[] = [];
            for (const w of workers.values()) {
              const after = w.applyInTransaction(events, positionBefore, writer);
              if (after) afters.push(after);
            }
            if (!afters.length) return undefined;
            return {
              committed: () => afters.forEach((after) => after.committed()),
              rolledBack: () => afters.forEach((after) => after.rolledBack()),
            };
          },
        }
      : {}),
  };
}
