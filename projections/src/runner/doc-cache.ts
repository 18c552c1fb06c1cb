import type { Doc } from '../store/port';

export interface CacheEntry {
  readonly id: string;
  /** null: known not to exist. */
  doc: Doc | null;
  /**
   * Position of the last event that changed the document since it was last written; undefined
   * when clean. (Not the event itself: holding thousands of events would age them into the old
   * heap generation and make garbage collection much dearer.)
   */
  dirty: bigint | undefined;
}

type Docs = Map<string, CacheEntry>;

/**
 * Documents of one generation as this writer last saw them (the lease makes it the only writer),
 * so repeated changes to a hot document skip the read. `complete` means the cache knows every
 * document of a generation built from empty: a miss is then a document that does not exist,
 * unless it is one of the stored documents dropped to bound memory (`trim`), which are loaded
 * again. So a rebuild of millions of documents reads back only those it dropped and touches
 * again, never the new ones: its cost per event stays flat as the log grows.
 */
export class DocCache {
  private readonly collections = new Map<string, Docs>();
  /** Complete cache only: ids of stored documents dropped by `trim`, per collection's map. */
  private readonly dropped = new Map<Docs, Set<string>>();
  private droppedCount = 0;
  private size = 0;
  complete: boolean;

  constructor(
    private readonly maxSize = 200_000,
    complete = false,
  ) {
    this.complete = complete;
  }

  /** Complete and nothing dropped: every change can be folded without a load. */
  get allInMemory(): boolean {
    return this.complete && this.droppedCount === 0;
  }

  /** The documents of one collection; the map stays the same object for the cache's lifetime. */
  docs(collection: string): Docs {
    let docs = this.collections.get(collection);
    if (!docs) this.collections.set(collection, (docs = new Map<string, CacheEntry>()));
    return docs;
  }

  /** The entry of a document; with a complete cache a miss becomes an entry of a missing document. */
  entry(docs: Docs, id: string): CacheEntry | undefined {
    const entry = docs.get(id);
    if (entry || !this.complete || this.dropped.get(docs)?.has(id)) return entry;
    return this.add(docs, id, null);
  }

  /** Whether the document is known without a load (held, or known not to exist). */
  has(collection: string, id: string): boolean {
    const docs = this.collections.get(collection);
    if (docs?.has(id)) return true;
    return this.complete && !(docs && this.dropped.get(docs)?.has(id));
  }

  set(collection: string, id: string, doc: Doc | null): void {
    const docs = this.docs(collection);
    const entry = docs.get(id);
    if (entry) entry.doc = doc;
    else this.add(docs, id, doc);
  }

  private add(docs: Docs, id: string, doc: Doc | null): CacheEntry {
    const entry: CacheEntry = { id, doc, dirty: undefined };
    docs.set(id, entry);
    this.size++;
    if (this.dropped.get(docs)?.delete(id)) this.droppedCount--;
    return entry;
  }

  /**
   * Keeps memory bounded once full; only call when nothing is dirty. An incomplete cache drops
   * everything (later batches reload what they need). A complete one drops the older half of each
   * collection (first cached, first dropped) and remembers which of those exist, so that it stays
   * complete.
   */
  trim(): void {
    if (this.size <= this.maxSize) return;
    if (!this.complete) return this.clear();
    for (const docs of this.collections.values()) {
      let dropped = this.dropped.get(docs);
      if (!dropped) this.dropped.set(docs, (dropped = new Set()));
      let excess = Math.ceil(docs.size / 2);
      for (const [id, entry] of docs) {
        if (excess-- <= 0) break;
        docs.delete(id);
        this.size--;
        if (entry.doc !== null && !dropped.has(id)) {
          dropped.add(id);
          this.droppedCount++;
        }
      }
    }
  }

  clear(): void {
    for (const docs of this.collections.values()) docs.clear();
    this.dropped.clear();
    this.droppedCount = 0;
    this.size = 0;
    this.complete = false;
  }
}
