import type { RecordedEvent } from '@whosright/eventstore/port';
import type { DocWrite, Generation, GuaranteedWriter } from '../store/port';
import { BatchFolder, DeriveError } from './batch-fold';
import { DocCache } from './doc-cache';
import type { AnyProjection } from './projection';
import { cannotApply, RebuildError } from './rebuild-error';

/**
 * One projection's copy in a rebuild: a new generation beside the live one, filled from events in
 * memory (its cache starts complete: the copy starts empty) and written in large sorted batches.
 */
export class RebuildCopy {
  /** Events of the log this projection handles, not folded yet. */
  private readonly batch: RecordedEvent[] = [];
  /** Events this projection applied. */
  applied = 0;
  activated = false;

  private constructor(
    private readonly store: GuaranteedWriter,
    readonly projection: AnyProjection,
    readonly target: Generation,
    /** The generation active when the copy was created, which the flip replaces (null: none). */
    private readonly previous: number | null,
    private readonly folder: BatchFolder,
  ) {}

  /** Creates the copy's generation, its indexes deferred; `scratch`: never activated. */
  static async create(
    store: GuaranteedWriter,
    projection: AnyProjection,
    scratch: boolean,
  ): Promise<RebuildCopy> {
    const previous = scratch ? null : ((await store.active(projection.name))?.generation ?? null);
    const target = await store.createGeneration(
      projection.name,
      projection.version,
      projection.collections,
      { deferIndexes: true, owner: 'rebuild' },
    );
    const folder = new BatchFolder(store, target, projection, new DocCache(undefined, true));
    return new RebuildCopy(store, projection, target, previous, folder);
  }

  /** Takes an event of the log routed to this projection. */
  take(event: RecordedEvent): void {
    if (this.projection.canHandle && !this.projection.canHandle(event)) return;
    if (this.batch.length || !this.folder.cache.complete) {
      this.batch.push(event);
      return;
    }
    // Everything is in memory: fold right away, no batch to hold.
    try {
      this.folder.foldNow(event);
    } catch (error) {
      throw cannotApply(
        this.projection,
        event,
        error instanceof Error ? error : new Error(String(error)),
      );
    }
    this.applied++;
  }

  /** Folds the events taken since the last fold. */
  async fold(): Promise<void> {
    if (!this.batch.length) return;
    const result = await this.folder.fold(this.batch, { filtered: true });
    if (result.failure)
      throw cannotApply(this.projection, result.failure.event, result.failure.error);
    this.applied += this.batch.length;
    this.batch.length = 0;
  }

  /** Documents folded and not written yet. */
  get pendingCount(): number {
    return this.folder.pendingCount;
  }

  /** Writes the pending documents, the copy then reflecting the log up to `position`. */
  async write(position: bigint): Promise<void> {
    await this.store.commit(this.target, this.takeWrites(), position);
  }

  /** Marks the copy as still being built (see `dropAbandoned`). */
  touch(): Promise<void> {
    return this.store.touch(this.target);
  }

  /** Creates the indexes deferred while loading. */
  index(): Promise<void> {
    return this.store.ensureCollections(this.target, this.projection.collections);
  }

  /** Points readers at the copy; fails when another flip happened since it was created. */
  async activate(): Promise<void> {
    await this.store.activate(this.target, { expectedActive: this.previous });
    this.activated = true;
  }

  /** Drops the copy unless it went live; never fails (the rebuild is failing already). */
  async discard(): Promise<void> {
    if (!this.activated) await this.store.drop(this.target).catch(() => undefined);
  }

  private takeWrites(): DocWrite[] {
    try {
      return this.folder.takeWrites();
    } catch (error) {
      if (!(error instanceof DeriveError)) throw error;
      throw new RebuildError(
        `${this.projection.name} cannot derive fields after the event at position ${error.position}: ${error.message}`,
        { cause: error },
      );
    }
  }
}
