import type { Database, Statement } from 'better-sqlite3';
import type { Generation } from '../port';
import { ReadCache } from './read-cache';

interface GenerationRow {
  projection: string;
  generation: number;
  version: number;
  collections: string;
}

/**
 * What this process remembers of a connection's read models: the active generation per
 * projection (every read resolves it) and the documents and pages read (see ReadCache). This
 * process's own flips and drops forget them; another connection's commits (a replay CLI flipping
 * a pointer) change `PRAGMA data_version`, which forgets them too, so neither is ever stale.
 * One per connection, shared by every store on it (tests and the CLI open several).
 */
export class ActivePointers {
  private readonly pointers = new Map<string, Generation | undefined>();
  /** Set while the JavaScript that checked `data_version` is still running (until its microtasks). */
  private checkedNow = false;
  private seenVersion = -1;
  private readonly dataVersion: Statement<[], number>;
  private readonly activeRow: Statement<[string], { generation: number }>;
  private readonly generationRow: Statement<[string, number], GenerationRow>;

  private constructor(
    db: Database,
    /** Documents and pages read through this connection. */
    readonly reads: ReadCache,
  ) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.activeRow = db.prepare<[string], { generation: number }>(
      'SELECT generation FROM rm_active WHERE projection = ?',
    );
    this.generationRow = db.prepare<[string, number], GenerationRow>(
      'SELECT projection, generation, version, collections FROM rm_generations WHERE projection = ? AND generation = ? AND dropped = 0',
    );
  }

  private static readonly byConnection = new WeakMap<Database, ActivePointers>();

  /** The connection's pointers; the first store opened on it sets the read cache's size. */
  static of(db: Database, readCacheChars: number): ActivePointers {
    let pointers = ActivePointers.byConnection.get(db);
    if (!pointers) {
      pointers = new ActivePointers(db, new ReadCache(readCacheChars));
      ActivePointers.byConnection.set(db, pointers);
    }
    return pointers;
  }

  /**
   * Forgets everything cached once another connection has committed. Reads made in the same run
   * of JavaScript (say, a session and its user, asked for together) share one check: nothing
   * of this process can happen between them, and a commit elsewhere in that instant is as
   * concurrent with the second read as with the first. (Its own statement: read inside a query
   * through pragma_data_version() it measured slower, the table-valued pragma preparing its own.)
   */
  syncWithOtherConnections(): void {
    if (this.checkedNow) return;
    const version = this.dataVersion.get()!;
    if (version !== this.seenVersion) {
      this.pointers.clear();
      this.reads.clear();
      this.seenVersion = version;
    }
    this.checkedNow = true;
    queueMicrotask(() => {
      this.checkedNow = false;
    });
  }

  /** The active generation, after checking what other connections committed. */
  resolve(projection: string): Generation | undefined {
    this.syncWithOtherConnections();
    return this.cached(projection);
  }

  /** The active generation as last seen (callers sync first). */
  cached(projection: string): Generation | undefined {
    if (this.pointers.has(projection)) return this.pointers.get(projection);
    const resolved = this.lookUp(projection);
    this.pointers.set(projection, resolved);
    return resolved;
  }

  /** The stored pointer, uncached: inside a transaction that checks or moves it. */
  storedGeneration(projection: string): number | undefined {
    return this.activeRow.get(projection)?.generation;
  }

  /** The generation's row, unless dropped. */
  row(projection: string, generation: number): GenerationRow | undefined {
    return this.generationRow.get(projection, generation);
  }

  /** After this process moved a pointer or dropped a copy. */
  forget(): void {
    this.pointers.clear();
    this.reads.clear();
  }

  private lookUp(projection: string): Generation | undefined {
    const generation = this.storedGeneration(projection);
    if (generation === undefined) return undefined;
    const row = this.row(projection, generation);
    return row ? { projection, generation: row.generation, version: row.version } : undefined;
  }
}
