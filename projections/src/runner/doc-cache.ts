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

/**
 * Documents of one generation as this writer last saw them (the lease makes it the only writer),
 * so repeated changes to a hot document skip the read. `complete` means the cache has seen every
 * document of a generation built from empty: a miss is then a document that does not exist
 * (documents of insert-only collections are never in it: they are never read).
 */
export class DocCache {
  private readonly collections = new Map<string, Map<string, CacheEntry>>();
  private size = 0;
  complete: boolean;

  constructor(
    private readonly maxSize = 200_000,
    complete = false,
  ) {
    this.complete = complete;
  }

  /** The documents of one collection; the map stays the same object for the cache's lifetime. */
  docs(collection: string): Map<string, CacheEntry> {
    let docs = this.collections.get(collection);
    if (!docs) this.collections.set(collection, (docs = new Map<string, CacheEntry>()));
    return docs;
  }

  /** The entry of a document; with a complete cache a miss becomes an entry of a missing document. */
  entry(docs: Map<string, CacheEntry>, id: string): CacheEntry | undefined {
    const entry = docs.get(id);
    if (entry || !this.complete) return entry;
    return this.add(docs, id, null);
  }

  has(collection: string, id: string): boolean {
    return this.complete || this.collections.get(collection)?.has(id) === true;
  }

  set(collection: string, id: string, doc: Doc | null): void {
    const docs = this.docs(collection);
    const entry = docs.get(id);
    if (entry) entry.doc = doc;
    else this.add(docs, id, doc);
  }

  /** A new entry; the caller knows the id is not in `docs` yet. */
  add(docs: Map<string, CacheEntry>, id: string, doc: Doc | null): CacheEntry {
    const entry: CacheEntry = { id, doc, dirty: undefined };
    docs.set(id, entry);
    this.size++;
    return entry;
  }

  /** Keeps memory bounded: drops everything once full (later batches reload what they need). Only call when nothing is dirty. */
  trim(): void {
    if (this.size > this.maxSize) this.clear();
  }

  clear(): void {
    for (const docs of this.collections.values()) docs.clear();
    this.size = 0;
    this.complete = false;
  }
}
