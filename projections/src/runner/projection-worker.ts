import type { LogReader, RecordedEvent, Subscription } from '@whosright/eventstore/port';
import type { AfterAppend } from './in-append';
import type { Generation, WriterInTransaction } from '../store/port';
import type { FoldFailure } from './batch-fold';
import {
  GenerationRun,
  type RunOutcome,
  type RunReporter,
  type RunSettings,
} from './generation-run';
import type { Lease, LeaseManager } from './lease/port';
import { idlePersistTimer } from './idle-persist-timer';
import { sleep } from './sleep';
import type { ProjectionState, ProjectionStatus } from './status';
import { resolveTarget } from './target-generation';

export interface WorkerOptions extends RunSettings {
  eventStore: LogReader;
  leases: LeaseManager;
  maxBackoffMs: number;
}

type Outcome = RunOutcome | 'stopped';

/** Whether `pending` settles before the next turn of the event loop. */
function readyThisTick(pending: Promise<unknown>): Promise<boolean> {
  const nextTick = new Promise<boolean>((resolve) => setImmediate(() => resolve(false)));
  return Promise.race([pending.then(() => true), nextTick]);
}

/** Persisted in the dead-letter collection, reported on /api/ready. */
function describe(error: Error): string {
  return error.stack ?? `${error.name}: ${error.message}`;
}

/**
 * Keeps one projection up to date: holds its lease, feeds a `GenerationRun` from a subscription
 * after its checkpoint, resubscribes with backoff after a failure, waits while paused on an event
 * it cannot apply, and reports its status.
 */
export class ProjectionWorker {
  private state: ProjectionState = 'starting';
  private generation: number | undefined;
  private rebuilding = false;
  private position = 0n;
  private deadLetter: ProjectionStatus['deadLetter'];
  private lastError: string | undefined;
  private readonly stopController = new AbortController();
  private resumeSignal: (() => void) | undefined;
  private running: Promise<void> | undefined;
  /** The run following the log now, while it does, and the subscription feeding it. */
  private current: GenerationRun | undefined;
  private feeding: Subscription | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: WorkerOptions) {}

  get name(): string {
    return this.options.projection.name;
  }

  status(): ProjectionStatus {
    const { projection } = this.options;
    return {
      name: projection.name,
      version: projection.version,
      state: this.state,
      generation: this.generation,
      rebuilding: this.rebuilding,
      position: this.position,
      ...(this.deadLetter ? { deadLetter: this.deadLetter } : {}),
      ...(this.lastError ? { lastError: this.lastError } : {}),
    };
  }

  /** Called on every change of position or state (read-your-writes waits). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopController.abort(new Error('Projection runner stopped'));
    this.resumeSignal?.();
    await this.running;
  }

  /** See `GenerationRun.applyInTransaction`: only a live run applies events there. */
  applyInTransaction(
    events: readonly RecordedEvent[],
    positionBefore: bigint,
    writer: WriterInTransaction,
  ): AfterAppend | undefined {
    if (this.state !== 'live') return undefined;
    const after = this.current?.applyInTransaction(events, positionBefore, writer);
    if (!after) return undefined;
    const feeding = this.feeding;
    const last = events[events.length - 1]!.position;
    return {
      committed: () => {
        after.committed();
        // The run has every event up to `last`: its subscription need not wake up for them.
        feeding?.skipTo?.(last);
      },
      rolledBack: () => after.rolledBack(),
    };
  }

  /** Retries the dead-lettered event (after a fix was deployed, or a transient cause went away). */
  resume(): void {
    if (this.state !== 'paused' || !this.resumeSignal) return;
    this.deadLetter = undefined;
    this.setState('catchingUp');
    this.resumeSignal();
  }

  private setState(state: ProjectionState): void {
    this.state = state;
    this.emit();
  }

  private advance(position: bigint): void {
    if (position > this.position) {
      this.position = position;
      this.emit();
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private get stopping(): boolean {
    return this.stopController.signal.aborted;
  }

  private async run(): Promise<void> {
    const { leases, logger, maxBackoffMs } = this.options;
    let backoff = 50;
    while (!this.stopping) {
      let lease: Lease | undefined;
      try {
        this.setState('waitingForLease');
        lease = await leases.acquire(`projection:${this.name}`, {
          signal: this.stopController.signal,
        });
        await this.runWithLease(lease);
        backoff = 50;
      } catch (error) {
        if (this.stopping) break;
        this.lastError = error instanceof Error ? error.message : String(error);
        logger.warn({ err: error, projection: this.name }, 'projection runner failed; retrying');
        await sleep(backoff, this.stopController.signal);
        backoff = Math.min(maxBackoffMs, backoff * 2);
      } finally {
        await lease?.release().catch(() => undefined);
      }
    }
    this.setState('stopped');
  }

  private async runWithLease(lease: Lease): Promise<void> {
    const signal = AbortSignal.any([lease.signal, this.stopController.signal]);
    while (!signal.aborted) {
      const outcome = await this.runGeneration(signal);
      this.lastError = undefined;
      if (outcome === 'paused') {
        this.setState('paused');
        await new Promise<void>((resolve) => {
          this.resumeSignal = resolve;
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        this.resumeSignal = undefined;
      }
    }
  }

  private async runGeneration(signal: AbortSignal): Promise<Outcome> {
    const { readStore, projection, logger } = this.options;
    const chosen = await resolveTarget(readStore, projection, logger);
    this.generation = chosen.target.generation;
    this.rebuilding = chosen.building;
    const run = await GenerationRun.open(this.options, chosen, this.reporter);
    if (!chosen.building) {
      // Set, not advance: after a replay swapped copies, readers see the new copy's position.
      this.position = run.position;
      this.emit();
    }
    this.setState('catchingUp');
    this.current = run;
    try {
      return await this.follow(run, signal);
    } finally {
      this.current = undefined;
    }
  }

  private readonly reporter: RunReporter = {
    reached: (position) => this.advance(position),
    activated: () => {
      this.rebuilding = false;
    },
    live: () => this.setState('live'),
    park: (target, failure) => this.park(target, failure),
  };

  /** Feeds a run from a subscription after its position, until it stops, pauses or is superseded. */
  private async follow(run: GenerationRun, signal: AbortSignal): Promise<Outcome> {
    // Unfiltered, so a wait on any position resolves promptly; a type filter would also make
    // SQLite sort every catch-up page through a temporary b-tree.
    const subscription = this.options.eventStore.subscribeAll({ after: run.position });
    this.feeding = subscription;
    const closeOnAbort = () => void subscription.close();
    signal.addEventListener('abort', closeOnAbort, { once: true });
    const iterator = subscription[Symbol.asyncIterator]();
    const idle = idlePersistTimer();
    try {
      for (;;) {
        const pending = iterator.next();
        // Live, events that arrive together (one page of concurrent appends) are committed
        // together: the batch is flushed only once no further message is ready this tick.
        if (run.holdsLiveBatch && !(await readyThisTick(pending))) {
          const outcome = await run.flush();
          if (outcome) return outcome;
        }
        idle.set(run.idlePersistDueInMs);
        if (await idle.firesBefore(pending)) {
          const outcome = await run.persistIdle();
          if (outcome) return outcome;
        }
        const step = await pending;
        if (step.done) break;
        if (signal.aborted) return 'stopped';
        const message = step.value;
        const outcome =
          message.kind === 'event' ? await run.event(message.event) : await run.quiet(message);
        if (outcome) return outcome;
      }
    } finally {
      idle.clear();
      signal.removeEventListener('abort', closeOnAbort);
      this.feeding = undefined;
      await subscription.close();
    }
    if (signal.aborted) return 'stopped';
    throw new Error('Subscription ended unexpectedly');
  }

  private async park(target: Generation, failure: FoldFailure): Promise<void> {
    const { readStore, logger, projection } = this.options;
    const { event, error } = failure;
    const letter = {
      position: event.position,
      eventId: event.id,
      eventType: event.type,
      error: describe(error),
    };
    await readStore.recordDeadLetter({
      projection: projection.name,
      generation: target.generation,
      at: new Date().toISOString(),
      ...letter,
    });
    this.deadLetter = letter;
    logger.error(
      {
        projection: projection.name,
        position: String(event.position),
        eventId: event.id,
        eventType: event.type,
        err: error,
      },
      'projection paused: event could not be applied',
    );
  }
}
