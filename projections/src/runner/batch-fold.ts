import type { RecordedEvent } from '@whosright/eventstore/port';
import type { CollectionSpec, Doc, DocWrite, Generation, GuaranteedWriter } from '../store/port';
import { applyUpdateInPlace } from '../store/update';
import type { CacheEntry, DocCache } from './doc-cache';
import { applyEvent, type AnyProjection, type Change } from './projection';

export interface FoldFailure {
  event: RecordedEvent;
  error: Error;
}

export interface FoldOutcome {
  /** Events folded (a prefix of the batch: a failing event and those after it are not). */
  folded: number;
  /** Position to checkpoint: the last folded event's. */
  checkpoint: bigint | undefined;
  failure?: FoldFailure;
}

/** A collection's `derive` threw on a document; `position` is the last event that changed it. */
export class DeriveError extends Error {
  override readonly name = 'DeriveError';
  constructor(
    readonly position: bigint,
    cause: Error,
  ) {
    super(`derive failed: ${cause.message}`, { cause });
  }
}

type Planned = Array<{ event: RecordedEvent; changes: readonly Change[] }>;

/** Last applied position a store with `documentPositions` keeps on a document. */
function storedPosition(doc: Doc | null): bigint | undefined {
  const position = doc?._pos;
  return typeof position === 'bigint' ? position : undefined;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Folds a batch of events into one write per touched document: a document hit by a hundred `$inc`s
 * is read at most once and written once. Documents are changed in place in the writer's cache
 * (callers clear it when a commit fails). The first event that throws ends the batch: the batch is
 * then folded again without it from the stored state, so a half-applied event is never written.
 */
export class BatchFolder {
  private readonly specs: Map<string, CollectionSpec>;
  /** The cache's document map per collection that is not `insertOnly` (those are never cached). */
  private readonly collections: Map<string, Map<string, CacheEntry>>;
  /** Entries changed since the last `takeWrites`, with their collection. */
  private dirty: Array<{ collection: string; entry: CacheEntry }> = [];
  /** Documents of `insertOnly` collections added since the last `takeWrites` (never cached). */
  private inserts: DocWrite[] = [];
  /** The `insertOnly` collections, which `insertOnce` may write. */
  private readonly insertOnly: ReadonlySet<string>;
  private readonly types: ReadonlySet<string>;
  /** Whether stored documents carry their last applied position (see `StoreGuarantees`). */
  private readonly guarded: boolean;

  constructor(
    private readonly store: GuaranteedWriter,
    private readonly target: Generation,
    private readonly projection: AnyProjection,
    readonly cache: DocCache,
  ) {
    this.specs = new Map(projection.collections.map((spec) => [spec.name, spec]));
    this.collections = new Map(
      projection.collections
        .filter((spec) => !spec.insertOnly)
        .map((spec) => [spec.name, cache.docs(spec.name)]),
    );
    this.types = new Set(projection.eventTypes);
    this.insertOnly = new Set(
      projection.collections.filter((spec) => spec.insertOnly).map((spec) => spec.name),
    );
    this.guarded = store.guarantees.documentPositions;
  }

  /**
   * Folds events into the pending documents; a failing event ends the batch (see the class doc).
   * Call `takeWrites` to commit what is pending; several folds may accumulate before that.
   */
  async fold(
    events: readonly RecordedEvent[],
    options: { filtered?: boolean } = {},
  ): Promise<FoldOutcome> {
    const carried = this.pendingCount > 0;
    const filtered = options.filtered === true;
    let attempt = await this.foldEvents(events, filtered);
    let failure = attempt.failure;
    while (attempt.failure) {
      // The failing event may have half-changed documents: fold the batch again without it,
      // from the stored state. Documents pending from earlier folds would be lost by that.
      if (carried) throw attempt.failure.error;
      failure = attempt.failure;
      this.discard();
      attempt = await this.foldEvents(events.slice(0, attempt.folded), filtered);
    }
    return failure ? { ...attempt, failure } : attempt;
  }

  /**
   * Folds one event at once, for a bulk rebuild whose cache is complete (nothing to load). A
   * failure leaves documents half-changed: the caller abandons the copy.
   */
  foldNow(event: RecordedEvent): void {
    if (!this.cache.complete) throw new Error('foldNow needs a complete cache');
    const changes = applyEvent(this.projection, event);
    for (let j = 0; j < changes.length; j++) this.foldChange(changes[j]!, event);
  }

  /**
   * Folds events at once, loading what the cache lacks with `load` (a store's synchronous read,
   * inside an append's transaction). The first event that throws ends it with that error: the
   * caller drops the cache and leaves the events to the runner.
   */
  foldLoadingWith(
    events: readonly RecordedEvent[],
    load: (collection: string, ids: readonly string[]) => Map<string, Doc>,
  ): void {
    const planned: Planned = [];
    for (const event of events)
      if (this.handles(event)) planned.push({ event, changes: this.changesOf(event) });
    if (!this.cache.complete) {
      for (const [collection, ids] of this.missingIds(planned)) {
        const found = load(collection, [...ids]);
        for (const id of ids) this.cache.set(collection, id, found.get(id) ?? null);
      }
    }
    for (const { event, changes } of planned)
      for (const change of changes) this.foldChange(change, event);
  }

  /** Forgets what is pending and every cached document (after a fold or commit that failed). */
  discard(): void {
    this.dirty = [];
    this.dropInserts();
    this.cache.clear();
  }

  /** Number of documents waiting to be written. */
  get pendingCount(): number {
    return this.dirty.length + this.inserts.length;
  }

  /** The pending documents as writes (derived fields computed); they count as written from here. */
  takeWrites(): DocWrite[] {
    const writes: DocWrite[] = [];
    const dirty = this.dirty;
    this.dirty = [];
    for (const { collection, entry } of dirty) {
      const position = entry.dirty!;
      entry.dirty = undefined;
      this.derive(collection, entry.doc, position);
      writes.push({ collection, id: entry.id, doc: entry.doc, position });
    }
    for (const write of this.inserts) {
      this.derive(write.collection, write.doc, write.position);
      writes.push(write);
    }
    this.dropInserts();
    this.cache.trim();
    return writes;
  }

  /** Sets a document's derived fields: they depend only on it, so once per write is enough. */
  private derive(collection: string, doc: Doc | null, position: bigint): void {
    const derive = this.specs.get(collection)!.derive;
    if (!doc || !derive) return;
    try {
      Object.assign(doc, derive(doc));
    } catch (error) {
      this.cache.clear();
      this.dropInserts();
      throw new DeriveError(position, toError(error));
    }
  }

  private dropInserts(): void {
    this.inserts = [];
  }

  private handles(event: RecordedEvent): boolean {
    return this.projection.canHandle
      ? this.projection.canHandle(event)
      : this.types.has(event.type);
  }

  private changesOf(event: RecordedEvent): readonly Change[] {
    const changes = applyEvent(this.projection, event);
    for (const change of changes) {
      if (!this.specs.has(change.collection))
        throw new Error(
          `Unknown collection "${change.collection}" in projection ${this.projection.name}`,
        );
    }
    return changes;
  }

  /** `filtered`: every event is known to be handled. */
  private async foldEvents(
    events: readonly RecordedEvent[],
    filtered: boolean,
  ): Promise<FoldOutcome> {
    const failure = this.cache.complete
      ? this.foldInOnePass(events, filtered)
      : await this.planLoadAndFold(events, filtered);
    if (failure) return { folded: events.indexOf(failure.event), checkpoint: undefined, failure };
    const folded = events.length;
    return { folded, checkpoint: folded > 0 ? events[folded - 1]!.position : undefined };
  }

  /** Every document is in memory, nothing to load: apply and fold each event in one pass. */
  private foldInOnePass(
    events: readonly RecordedEvent[],
    filtered: boolean,
  ): FoldFailure | undefined {
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      if (!filtered && !this.handles(event)) continue;
      try {
        const changes = applyEvent(this.projection, event);
        for (let j = 0; j < changes.length; j++) this.foldChange(changes[j]!, event);
      } catch (error) {
        return { event, error: toError(error) };
      }
    }
    return undefined;
  }

  /**
   * Plans each event's changes, loads the documents they touch at once, then folds them in
   * order: up to the first event that fails, in its planning or its folding.
   */
  private async planLoadAndFold(
    events: readonly RecordedEvent[],
    filtered: boolean,
  ): Promise<FoldFailure | undefined> {
    const { planned, failure } = this.plan(events, filtered);
    await this.loadMissing(planned);
    for (const { event, changes } of planned) {
      try {
        for (const change of changes) this.foldChange(change, event);
      } catch (error) {
        return { event, error: toError(error) };
      }
    }
    return failure;
  }

  /** Each event's changes, up to (not including) the first one whose changes cannot be made. */
  private plan(
    events: readonly RecordedEvent[],
    filtered: boolean,
  ): { planned: Planned; failure?: FoldFailure } {
    const planned: Planned = [];
    for (const event of events) {
      if (!filtered && !this.handles(event)) continue;
      try {
        planned.push({ event, changes: this.changesOf(event) });
      } catch (error) {
        return { planned, failure: { event, error: toError(error) } };
      }
    }
    return { planned };
  }

  /** Why a change cannot be folded: its collection is unknown, or does not take its kind. */
  private refusal(change: Change): Error {
    const { collection, op } = change;
    const name = this.projection.name;
    if (!this.specs.has(collection))
      return new Error(`Unknown collection "${collection}" in projection ${name}`);
    return new Error(
      `Collection "${collection}" of projection ${name} ${
        op === 'insert' ? 'takes no insertOnce: it is not insertOnly' : 'is insertOnly'
      }`,
    );
  }

  private foldChange(change: Change, event: RecordedEvent): void {
    if (change.op === 'insert') {
      this.foldInsert(change, event);
      return;
    }
    const docs = this.collections.get(change.collection);
    if (!docs) throw this.refusal(change);
    const entry = this.cache.entry(docs, change.id);
    if (!entry) throw new Error(`Document ${change.collection}/${change.id} was not loaded`);
    const current = entry.doc;
    if (this.guarded) {
      // A redelivered event the document already reflects (the store's per-document positions).
      const applied = storedPosition(current);
      if (applied !== undefined && event.position <= applied) return;
    }
    let next: Doc | null = null;
    if (change.op === 'update') {
      if (!current && !change.upsert) return;
      next = current ?? { _id: change.id };
      // A change that leaves the document as it was costs no write.
      if (!applyUpdateInPlace(next, change.update) && current) return;
    } else if (!current) return;
    entry.doc = next;
    if (entry.dirty === undefined) this.dirty.push({ collection: change.collection, entry });
    entry.dirty = event.position;
  }

  /**
   * A document added whole unless one is there (kept as it is): nothing is read or cached, so it
   * may exist already, and it is written only where absent. The store keeps the first written,
   * so a rebuild's cache stays small and complete however many rows the log makes. Repeats in
   * one batch are passed on too: the store keeps the first of them as well, and a set of the
   * batch's ids cost more than the few repeats it spared (a rebuild of member streams, whose rows
   * almost never repeat, took about 6% longer with one).
   */
  private foldInsert(change: Extract<Change, { op: 'insert' }>, event: RecordedEvent): void {
    if (!this.insertOnly.has(change.collection)) throw this.refusal(change);
    this.inserts.push({
      collection: change.collection,
      id: change.id,
      doc: { _id: change.id, ...change.fields },
      position: event.position,
      ifAbsent: true,
    });
  }

  private async loadMissing(planned: Planned): Promise<void> {
    if (this.cache.complete) return;
    for (const [collection, ids] of this.missingIds(planned)) {
      const found = await this.store.load(this.target, collection, [...ids]);
      for (const id of ids) this.cache.set(collection, id, found.get(id) ?? null);
    }
  }

  /** The documents the planned changes touch that the cache does not hold, by collection. */
  private missingIds(planned: Planned): Map<string, Set<string>> {
    const missing = new Map<string, Set<string>>();
    for (const { changes } of planned) {
      for (const change of changes) {
        if (change.op === 'insert' || this.cache.has(change.collection, change.id)) continue;
        let ids = missing.get(change.collection);
        if (!ids) missing.set(change.collection, (ids = new Set()));
        ids.add(change.id);
      }
    }
    return missing;
  }
}
