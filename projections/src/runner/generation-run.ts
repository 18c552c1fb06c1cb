import type { RecordedEvent, SubscriptionMessage } from '@whosright/eventstore/port';
import type { AfterAppend } from './in-append';
import type { DocWrite, Generation, GuaranteedWriter, WriterInTransaction } from '../store/port';
import { BatchFolder, DeriveError, type FoldFailure } from './batch-fold';
import { DocCache } from './doc-cache';
import { handles, type AnyProjection } from './projection';
import type { RunnerLogger } from './status';
import type { TargetGeneration } from './target-generation';

export interface RunSettings {
  readStore: GuaranteedWriter;
  projection: AnyProjection;
  logger: RunnerLogger;
  /** Events per transaction while catching up. */
  batchSize: number;
  /** How often a live projection persists a checkpoint for events it does not handle. */
  idleCheckpointMs: number;
  /** Told of the events of each batch once readers see them (not while a copy is being built). */
  onCommitted?: CommittedListener;
}

/**
 * After a commit of the copy readers use: the projection and the events just committed (every
 * event of the batch, handled or not). Called synchronously; it must not throw or block.
 */
export type CommittedListener = (projection: string, events: readonly RecordedEvent[]) => void;

/** Why a run ended without an error: a newer copy replaced its target, or an event was parked. */
export type RunOutcome = 'superseded' | 'paused';

/** What a run tells its worker (status, read-your-writes waits, dead letters). */
export interface RunReporter {
  /** Readers see every event up to `position` (reported only once the target is what they read). */
  reached(position: bigint): void;
  /** The copy the run built has become the active one. */
  activated(): void;
  /** Caught up: from now on each event is committed as it arrives. */
  live(): void;
  /** Records the event that could not be applied; the run then ends as 'paused'. */
  park(target: Generation, failure: FoldFailure): Promise<void>;
}

type QuietMessage = Exclude<SubscriptionMessage, { kind: 'event' }>;

/**
 * Applies the log to one generation of a projection: batches events while catching up, commits
 * them with the checkpoint, persists the position of events it does not handle, and activates a
 * copy it built once it has caught up. The worker feeds it from a subscription.
 */
export class GenerationRun {
  /** Last position stored with the generation. */
  private committed: bigint;
  /** Last position applied (or known to need nothing). */
  private processed: bigint;
  /** Last position taken into the batch. */
  private queued: bigint;
  private building: boolean;
  private isLive = false;
  private lastPersistAt = Date.now();
  private readonly batch: RecordedEvent[] = [];
  private readonly cache: DocCache;
  private readonly folder: BatchFolder;

  /** Makes sure the target's collections exist and starts from its stored checkpoint. */
  static async open(
    settings: RunSettings,
    chosen: TargetGeneration,
    reporter: RunReporter,
  ): Promise<GenerationRun> {
    await settings.readStore.ensureCollections(chosen.target, settings.projection.collections);
    const stored = await settings.readStore.checkpoint(chosen.target);
    return new GenerationRun(settings, chosen, reporter, stored);
  }

  private constructor(
    private readonly settings: RunSettings,
    private readonly chosen: TargetGeneration,
    private readonly reporter: RunReporter,
    stored: bigint | undefined,
  ) {
    this.committed = this.processed = this.queued = stored ?? 0n;
    this.building = chosen.building;
    // A copy this run builds from empty keeps the documents it folds (a miss is then a missing
    // document: nothing to read). A copy it takes over reads each batch's documents and keeps
    // none between commits: keeping them measured no faster on the vote path, in two A/B runs.
    this.cache = stored === undefined ? new DocCache(undefined, true) : new DocCache(0, false);
    this.folder = new BatchFolder(
      settings.readStore,
      chosen.target,
      settings.projection,
      this.cache,
    );
  }

  /** Every event up to here is applied: the subscription starts after it. */
  get position(): bigint {
    return this.processed;
  }

  /** Live with events waiting in the batch: the worker flushes once no further message is ready. */
  get holdsLiveBatch(): boolean {
    return this.isLive && this.batch.length > 0;
  }

  /**
   * Live, after events it does not handle: how long until the position reached should be stored,
   * so other processes see this copy keep up while nothing it handles happens (undefined: nothing
   * to store).
   */
  get idlePersistDueInMs(): number | undefined {
    if (!this.isLive || this.batch.length || this.processed <= this.committed) return undefined;
    return Math.max(0, this.lastPersistAt + this.settings.idleCheckpointMs - Date.now());
  }

  /** Stores the position reached past events it does not handle. */
  async persistIdle(): Promise<RunOutcome | undefined> {
    return (await this.persist()) ? undefined : 'superseded';
  }

  /** Takes one event from the subscription. */
  async event(event: RecordedEvent): Promise<RunOutcome | undefined> {
    // Redelivered (a resubscription, an at-least-once transport): already applied or queued.
    if (event.position <= this.queued || event.position <= this.processed) return undefined;
    if (this.isLive && !handles(this.settings.projection, event) && !this.batch.length)
      return this.pass(event.position);
    this.batch.push(event);
    this.queued = event.position;
    return this.batch.length >= this.settings.batchSize ? this.flush() : undefined;
  }

  /**
   * Inside an append's transaction (embedded mode): applies the events just appended at once,
   * when this run is live on the copy readers use, holds nothing unwritten, has passed every
   * event before them, and the stored checkpoint is the one it wrote last (so exactly once). The
   * answer hears whether the transaction committed; otherwise (undefined) the events are left
   * to the subscription, as any others. Past events it does not handle, the position reached is
   * stored there too now and then, as `pass` does (its subscription is not woken for them).
   */
  applyInTransaction(
    events: readonly RecordedEvent[],
    positionBefore: bigint,
    writer: WriterInTransaction,
  ): AfterAppend | undefined {
    if (!this.isLive || this.building || this.batch.length) return undefined;
    if (this.processed !== positionBefore || this.queued !== positionBefore) return undefined;
    const { target } = this.chosen;
    const last = events[events.length - 1]!.position;
    const handled = events.some((event) => handles(this.settings.projection, event));
    const writes = handled || Date.now() - this.lastPersistAt >= this.settings.idleCheckpointMs;
    if (writes) {
      // Exactly once: it writes only where the stored checkpoint is the one it wrote last.
      if ((writer.checkpoint(target) ?? 0n) !== this.committed) return undefined;
      try {
        this.folder.foldLoadingWith(events, (collection, ids) =>
          writer.load(target, collection, ids),
        );
        if (!writer.commit(target, this.folder.takeWrites(), last, { requireActive: true })) {
          this.folder.discard();
          return undefined;
        }
      } catch {
        // The runner meets the same event again and parks it with its error, as always.
        this.folder.discard();
        return undefined;
      }
    }
    return {
      committed: () => {
        this.processed = this.queued = last;
        this.report();
        if (!writes) return;
        this.committed = last;
        this.lastPersistAt = Date.now();
        if (handled) this.tellCommitted(events);
      },
      rolledBack: () => this.folder.discard(),
    };
  }

  /** Nothing more up to the message's position (a checkpoint), or the subscription caught up. */
  async quiet(message: QuietMessage): Promise<RunOutcome | undefined> {
    const outcome = await this.flush();
    if (outcome) return outcome;
    if (message.position > this.processed) this.processed = this.queued = message.position;
    if (!(await this.persist())) return 'superseded';
    this.report();
    if (message.kind === 'caughtUp' && !this.isLive) await this.goLive();
    return undefined;
  }

  /** Folds the batch and commits it with its checkpoint; parks an event that cannot be applied. */
  async flush(): Promise<RunOutcome | undefined> {
    if (!this.batch.length) return undefined;
    try {
      return await this.commitBatch();
    } catch (error) {
      this.cache.clear();
      return this.parkUnderivable(error);
    }
  }

  private async commitBatch(): Promise<RunOutcome | undefined> {
    const result = await this.folder.fold(this.batch);
    if (result.checkpoint !== undefined) {
      if (!(await this.commit(this.folder.takeWrites(), result.checkpoint))) return 'superseded';
      this.committed = this.processed = result.checkpoint;
      this.lastPersistAt = Date.now();
      this.report();
      this.tellCommitted(this.batch.slice(0, result.folded));
    }
    this.batch.length = 0;
    if (!result.failure) return undefined;
    await this.reporter.park(this.chosen.target, result.failure);
    return 'paused';
  }

  /** Listeners never break a run: a notification lost is a screen that refreshes later. */
  private tellCommitted(events: readonly RecordedEvent[]): void {
    const { onCommitted, projection, logger } = this.settings;
    if (!onCommitted || this.building || !events.length) return;
    try {
      onCommitted(projection.name, events);
    } catch (error) {
      logger.warn({ err: error, projection: projection.name }, 'a commit listener failed');
    }
  }

  /** A collection's `derive` threw while the batch was written: park the event behind it. */
  private async parkUnderivable(error: unknown): Promise<RunOutcome> {
    const event =
      error instanceof DeriveError
        ? this.batch.find((e) => e.position === error.position)
        : undefined;
    if (!event) throw error;
    await this.reporter.park(this.chosen.target, { event, error: error as Error });
    return 'paused';
  }

  /** Live, an event the projection does not handle: move past it, persisting now and then. */
  private async pass(position: bigint): Promise<RunOutcome | undefined> {
    this.processed = this.queued = position;
    this.report();
    if (
      Date.now() - this.lastPersistAt >= this.settings.idleCheckpointMs &&
      !(await this.persist())
    )
      return 'superseded';
    return undefined;
  }

  /** Stores the position reached without documents to write; false when superseded. */
  private async persist(): Promise<boolean> {
    if (this.processed <= this.committed) return true;
    const ok = await this.commit([], this.processed);
    if (ok) this.committed = this.processed;
    this.lastPersistAt = Date.now();
    return ok;
  }

  /** A live copy refuses the commit once a rebuild has replaced it. */
  private commit(writes: readonly DocWrite[], checkpoint: bigint): Promise<boolean> {
    return this.settings.readStore.commit(this.chosen.target, writes, checkpoint, {
      requireActive: !this.building,
    });
  }

  private async goLive(): Promise<void> {
    if (this.building) await this.activateBuild();
    this.isLive = true;
    this.reporter.live();
  }

  /** The copy this run built has caught up: readers switch to it. */
  private async activateBuild(): Promise<void> {
    const { readStore, logger, projection } = this.settings;
    const { target, previous } = this.chosen;
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
    this.building = false;
    this.reporter.activated();
    this.report();
  }

  private report(): void {
    if (!this.building) this.reporter.reached(this.processed);
  }
}
