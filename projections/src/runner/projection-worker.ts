import type { EventStore, RecordedEvent, Subscription } from '@whosright/eventstore/port';
import type { Generation, GuaranteedWriter } from '../store/port';
import { BatchFolder, DeriveError, type FoldFailure } from './batch-fold';
import { DocCache } from './doc-cache';
import type { Lease, LeaseManager } from './lease/port';
import { handles, type AnyProjection } from './projection';
import { sleep } from './sleep';
import type { ProjectionState, ProjectionStatus, RunnerLogger } from './status';

export interface WorkerOptions {
  eventStore: EventStore;
  readStore: GuaranteedWriter;
  leases: LeaseManager;
  projection: AnyProjection;
  logger: RunnerLogger;
  /** Events per transaction while catching up. */
  batchSize: number;
  /** How often a live projection persists a checkpoint for events it does not handle. */
  idleCheckpointMs: number;
  maxBackoffMs: number;
}

type Outcome = 'stopped' | 'superseded' | 'paused';

/** Persisted in the dead-letter collection, reported on /api/ready. */
function describe(error: Error): string {
  return error.stack ?? `${error.name}: ${error.message}`;
}

/**
 * Keeps one projection up to date: holds its lease, subscribes from its checkpoint, batches while
 * catching up, commits each event once live, checkpoints quiet stretches, resubscribes with
 * backoff after a failure, and pauses on an event it cannot apply.
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

  /** Resolves the generation to write: the live one, or a new one when there is none or the version changed. */
  private async resolveTarget(): Promise<{
    target: Generation;
    previous: number | null;
    building: boolean;
  }> {
    const { readStore, projection } = this.options;
    const active = await readStore.active(projection.name);
    if (active && active.version === projection.version)
      return { target: active, previous: active.generation, building: false };
    // Resume a build this runner (or its previous process) started; a replay's builds are its own.
    const unfinished = await readStore.findRunnerBuild(projection.name, projection.version);
    const target =
      unfinished ??
      (await readStore.createGeneration(
        projection.name,
        projection.version,
        projection.collections,
        { owner: 'runner' },
      ));
    this.options.logger.info(
      { projection: projection.name, generation: target.generation, resumed: Boolean(unfinished) },
      'building a new version of the read model',
    );
    return { target, previous: active?.generation ?? null, building: true };
  }

  private async runGeneration(signal: AbortSignal): Promise<Outcome> {
    const { eventStore, readStore, projection, batchSize, idleCheckpointMs, logger } = this.options;
    const resolved = await this.resolveTarget();
    const { target, previous } = resolved;
    let building = resolved.building;
    this.generation = target.generation;
    this.rebuilding = building;
    await readStore.ensureCollections(target, projection.collections);
    const stored = await readStore.checkpoint(target);
    let committed = stored ?? 0n;
    let processed = committed;
    if (!building) {
      // Set, not advance: after a replay swapped copies, readers see the new copy's position.
      this.position = processed;
      this.emit();
    }
    const cache = new DocCache(undefined, stored === undefined);
    const folder = new BatchFolder(readStore, target, projection, cache);
    const batch: RecordedEvent[] = [];
    let queued = processed;
    let live = false;
    let lastPersistAt = Date.now();
    this.setState('catchingUp');

    const persist = async (): Promise<boolean> => {
      if (processed <= committed) return true;
      const ok = await readStore.commit(target, [], processed, { requireActive: !building });
      if (ok) committed = processed;
      lastPersistAt = Date.now();
      return ok;
    };

    const flush = async (): Promise<Outcome | undefined> => {
      if (!batch.length) return undefined;
      try {
        const result = await folder.fold(batch);
        if (result.checkpoint !== undefined) {
          if (
            !(await readStore.commit(target, folder.takeWrites(), result.checkpoint, {
              requireActive: !building,
            }))
          )
            return 'superseded';
          committed = processed = result.checkpoint;
          lastPersistAt = Date.now();
          if (!building) this.advance(processed);
        }
        batch.length = 0;
        if (result.failure) {
          await this.park(target, result.failure);
          return 'paused';
        }
        return undefined;
      } catch (error) {
        cache.clear();
        const event =
          error instanceof DeriveError
            ? batch.find((e) => e.position === error.position)
            : undefined;
        if (!event) throw error;
        await this.park(target, { event, error: error as Error });
        return 'paused';
      }
    };

    const NOT_READY = Symbol('not ready');
    const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));
    // Unfiltered, so a wait on any position resolves promptly; a type filter would also make
    // SQLite sort every catch-up page through a temporary b-tree.
    const subscription: Subscription = eventStore.subscribeAll({ after: processed });
    const closeOnAbort = () => void subscription.close();
    signal.addEventListener('abort', closeOnAbort, { once: true });
    const iterator = subscription[Symbol.asyncIterator]();
    try {
      for (;;) {
        const pending = iterator.next();
        // Live, events that arrive together (one page of concurrent appends) are committed
        // together: the batch is flushed only once no further message is ready this tick.
        if (live && batch.length) {
          const ready = await Promise.race([pending, nextTick().then(() => NOT_READY)]);
          if (ready === NOT_READY) {
            const outcome = await flush();
            if (outcome) return outcome;
          }
        }
        const step = await pending;
        if (step.done) break;
        const message = step.value;
        if (signal.aborted) return 'stopped';
        let outcome: Outcome | undefined;
        if (message.kind === 'event') {
          const event = message.event;
          // Redelivered (a resubscription, an at-least-once transport): already applied or queued.
          if (event.position <= queued || event.position <= processed) continue;
          if (live && !handles(projection, event) && !batch.length) {
            processed = queued = event.position;
            if (!building) this.advance(processed);
            if (Date.now() - lastPersistAt >= idleCheckpointMs && !(await persist()))
              return 'superseded';
            continue;
          }
          batch.push(event);
          queued = event.position;
          if (batch.length >= batchSize) outcome = await flush();
        } else {
          outcome = await flush();
          if (!outcome) {
            if (message.position > processed) processed = queued = message.position;
            if (!(await persist())) return 'superseded';
            if (!building) this.advance(processed);
            if (message.kind === 'caughtUp' && !live) {
              if (building) {
                try {
                  await readStore.activate(target, { expectedActive: previous });
                } catch (error) {
                  // Another writer (a replay) flipped the pointer first: use its copy, drop ours.
                  await readStore.drop(target).catch(() => undefined);
                  throw error;
                }
                logger.info(
                  { projection: projection.name, generation: target.generation },
                  'new version of the read model is live',
                );
                building = false;
                this.rebuilding = false;
                this.advance(processed);
              }
              live = true;
              this.setState('live');
            }
          }
        }
        if (outcome) return outcome;
      }
    } finally {
      signal.removeEventListener('abort', closeOnAbort);
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
