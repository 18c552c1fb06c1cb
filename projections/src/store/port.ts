/**
 * The read-model store port: a small, Mongo-flavoured document store limited to what both
 * backends serve from an index. Every query the API serves is one `get`, one `find` (equality /
 * range / `$in`, sorted, limited, keyset cursor) or one `count`, and a collection declared with a
 * text index answers one text `search` (most relevant first, keyset cursor).
 *
 * Two faces: `ReadModels` for queries, `ReadModelWriter` for the runner and rebuilds. Writes come
 * only from projectors, as whole documents folded from `$set` / `$inc` / `$unset` updates (see
 * runner/), committed together with the projection checkpoint.
 */

export type Scalar = string | number | boolean | null;

export interface Doc {
  _id: string;
  [field: string]: unknown;
}

export interface FieldCondition {
  $eq?: Scalar;
  $ne?: Scalar;
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  $in?: readonly Scalar[];
}

/** Field (dotted paths allowed) to a value (equality) or a condition. All fields must match. */
export type Filter = Readonly<Record<string, Scalar | FieldCondition>>;

export type SortDirection = 1 | -1;
/** Sort keys in priority order; `_id` is always the final tie-breaker. */
export type Sort = ReadonlyArray<readonly [field: string, direction: SortDirection]>;

export interface FindOptions {
  sort?: Sort;
  limit?: number;
  /** Opaque cursor from a previous page's `next`. */
  after?: string;
}

export interface Page<T> {
  items: T[];
  /** Cursor for the next page; absent on the last page. */
  next?: string;
}

export interface Update {
  $set?: Readonly<Record<string, unknown>>;
  $inc?: Readonly<Record<string, number>>;
  $unset?: Readonly<Record<string, true>>;
}

/**
 * An index serves finds, never an invariant: uniqueness is decided on the write side (reservation
 * streams), and a projection cannot refuse an event that has already happened.
 */
export interface IndexSpec {
  /** Fields in order; the direction matters for sorted finds. */
  fields: Sort;
  /**
   * A partial index: it holds only the documents whose fields have these values, so a change to
   * any other document costs it nothing. A find uses it when its filter names the same values.
   */
  where?: Readonly<Record<string, boolean>>;
}

/** What a column field holds (see `CollectionSpec.columns`). */
export type ColumnType = 'number' | 'boolean';

export interface CollectionSpec {
  /** Logical name, unique within its projection. */
  name: string;
  indexes: readonly IndexSpec[];
  /**
   * Top-level fields that change far more often than the rest (counters), each with its type. A
   * store may keep them apart from the document, so that a change to only these rewrites neither
   * the document nor the indexes that do not use them (SQLite: typed columns beside the JSON).
   * Reads answer the same either way. A column field holds its type or is absent (never null).
   */
  columns?: Readonly<Record<string, ColumnType>>;
  /**
   * Fields computed from the document after every change (skip rate, voting score): the work is
   * done when events are projected, not per request. Must be pure.
   */
  derive?: (doc: Doc) => Record<string, unknown>;
  /**
   * Documents are only ever added (`insertOnce`), each whole at once, and never change or go:
   * a write needs no read, keeps a document already there, and a rebuild that defers its indexes
   * may stage them in load order and sort them in once loaded (SQLite: a table of a million rows
   * takes a sorted batch far faster than inserts spread over its whole b-tree).
   */
  insertOnly?: boolean;
  /** A full-text index over one of its fields (see `TextIndexSpec`), searched by `textCollection`. */
  text?: TextIndexSpec;
}

/**
 * A full-text index: the words of the string `field` (stemmed, in English), of the documents
 * whose fields have the `where` values only (booleans, as a partial index's): a document that
 * stops matching them leaves the index, and one that matches again comes back.
 */
export interface TextIndexSpec {
  field: string;
  where?: Readonly<Record<string, boolean>>;
}

/**
 * What a text search looks for, in lower-case words of letters and digits: every one of `words`
 * (by its stem), every phrase of `phrases` as written, none of `excluded` (words or phrases).
 * Each store writes it in its own query language; no reader's text reaches it as syntax.
 */
export interface TextQuery {
  words: readonly string[];
  phrases: ReadonlyArray<readonly string[]>;
  excluded: ReadonlyArray<readonly string[]>;
}

export interface TextSearchOptions {
  /** Conditions on the documents found, as a find's (fields of the document, not the text). */
  filter?: Filter;
  limit: number;
  /** Opaque cursor from a previous page's `next`, or from a hit's `cursor`. */
  after?: string;
}

/** A piece of a hit's excerpt: `match` pieces are words the query found. */
export interface ExcerptPiece {
  text: string;
  match: boolean;
}

/** A document a text search found, with a short excerpt of its text around what matched. */
export interface TextHit<T extends Doc = Doc> {
  doc: T;
  excerpt: ExcerptPiece[];
  /** The cursor of the page that starts right after this hit. */
  cursor: string;
}

/** A collection with a text index (`CollectionSpec.text`), searched most relevant first. */
export interface TextSearchCollection<T extends Doc = Doc> {
  search(query: TextQuery, options: TextSearchOptions): Promise<Page<TextHit<T>>>;
}

export interface ReadCollection<T extends Doc = Doc> {
  get(id: string): Promise<T | undefined>;
  find(filter?: Filter, options?: FindOptions): Promise<Page<T>>;
  count(filter?: Filter): Promise<number>;
}

/** One physical copy of a projection's read model: live, a rebuild in progress, or a scratch copy. */
export interface Generation {
  projection: string;
  generation: number;
  version: number;
}

/** A document as it must be after a batch (`doc: null` deletes it). `position` guards redelivery. */
export interface DocWrite {
  collection: string;
  id: string;
  doc: Doc | null;
  position: bigint;
  /** Written only where no document has this id: one already there is kept (`insertOnly`). */
  ifAbsent?: boolean;
}

export interface DeadLetter {
  projection: string;
  generation: number;
  position: bigint;
  eventId: string;
  eventType: string;
  error: string;
  at: string;
}

export interface CreateGenerationOptions {
  deferIndexes?: boolean;
  /** Who builds it: a runner resumes its own unfinished builds after a restart, never a replay's. */
  owner?: 'runner' | 'rebuild';
}

export interface CommitOptions {
  /**
   * Refuse (return false) when this generation is no longer the active one, e.g. after a rebuild
   * flipped it, or (SQLite) when its checkpoint already reached this one: events applied by a
   * projection inside an append's transaction are never applied again.
   */
  requireActive?: boolean;
}

/** What queries need: reader views of the read models. */
export interface ReadModels {
  /** Reader view resolved through the active-version pointer on every call: never a half-built copy. */
  collection<T extends Doc = Doc>(projection: string, name: string): ReadCollection<T>;
  /** Reader view of one specific generation (rebuild checks, scratch copies, tests). */
  generationCollection<T extends Doc = Doc>(target: Generation, name: string): ReadCollection<T>;
  /**
   * Text search of a collection through the active-version pointer, by the text index its
   * `CollectionSpec.text` declares (`index`, the same object).
   */
  textCollection<T extends Doc = Doc>(
    projection: string,
    name: string,
    index: TextIndexSpec,
  ): TextSearchCollection<T>;
}

/**
 * A store on the event store's own SQLite connection also writes synchronously: called inside an
 * append's transaction, these commit or roll back with the appended events.
 */
export interface WriterInTransaction {
  checkpoint(target: Generation): bigint | undefined;
  load(target: Generation, collection: string, ids: readonly string[]): Map<string, Doc>;
  commit(
    target: Generation,
    writes: readonly DocWrite[],
    checkpoint: bigint,
    options?: CommitOptions,
  ): boolean;
}

/** The writer's steps on generations, which each adapter keeps in a module of their own. */
export type GenerationSteps =
  | 'active'
  | 'createGeneration'
  | 'findRunnerBuild'
  | 'ensureCollections'
  | 'checkpoint'
  | 'activate'
  | 'drop'
  | 'touch'
  | 'dropAbandoned'
  | 'collectionNames';

/** What the runner and rebuilds need: generations, their checkpoints and commits, dead letters. */
export interface ReadModelWriter {
  /** Present where the store shares the event store's SQLite connection (embedded mode). */
  readonly inTransaction?: WriterInTransaction;
  /** The active generation of a projection, if any. */
  active(projection: string): Promise<Generation | undefined>;
  /**
   * Allocates a new generation and creates its collections and indexes; not active until
   * `activate`. A bulk rebuild defers the indexes and creates them with `ensureCollections`
   * once loaded, which is much cheaper than maintaining them on every write.
   */
  createGeneration(
    projection: string,
    version: number,
    collections: readonly CollectionSpec[],
    options?: CreateGenerationOptions,
  ): Promise<Generation>;
  /** The newest unfinished (never activated, not dropped) generation the runner started for this version. */
  findRunnerBuild(projection: string, version: number): Promise<Generation | undefined>;
  /** Makes sure a generation's collections and indexes exist (runner start, end of a bulk load). */
  ensureCollections(target: Generation, collections: readonly CollectionSpec[]): Promise<void>;
  /** Last position applied to this generation; undefined when nothing was applied yet. */
  checkpoint(target: Generation): Promise<bigint | undefined>;
  /** Reads the current documents of a batch's ids (missing ids are absent from the map). */
  load(target: Generation, collection: string, ids: readonly string[]): Promise<Map<string, Doc>>;
  /**
   * Writes documents and the checkpoint atomically. Returns false, writing nothing, when
   * `requireActive` is set and the generation has been superseded.
   */
  commit(
    target: Generation,
    writes: readonly DocWrite[],
    checkpoint: bigint,
    options?: CommitOptions,
  ): Promise<boolean>;
  /**
   * Points readers at `target` and drops the previously active generation. With `expectedActive`
   * the flip fails when another flip happened in between.
   */
  activate(target: Generation, options?: { expectedActive?: number | null }): Promise<void>;
  /** Drops a generation's collections and checkpoint (scratch copies, abandoned rebuilds). */
  drop(target: Generation): Promise<void>;
  /**
   * Marks a rebuild's copy as still being built (creating a generation marks it too): see
   * `dropAbandoned`.
   */
  touch(target: Generation): Promise<void>;
  /**
   * Drops the copies rebuilds started (owner 'rebuild'), never activated and not touched since
   * `touchedBefore` (epoch ms): those of a replay killed outright. Returns what it dropped.
   */
  dropAbandoned(touchedBefore: number): Promise<Generation[]>;
  /** Names of the generation's collections. */
  collectionNames(target: Generation): Promise<string[]>;

  recordDeadLetter(letter: DeadLetter): Promise<void>;
  deadLetters(projection?: string): Promise<DeadLetter[]>;
}

/** What an adapter guarantees, so that its callers never ask which adapter it is. */
export interface StoreGuarantees {
  /**
   * Documents carry the position of the last event applied to them (`_pos`, a bigint when
   * loaded), and a commit may be redelivered without its checkpoint: the fold skips events a
   * document already reflects. False where the checkpoint commits atomically with the documents.
   */
  readonly documentPositions: boolean;
}

/** The writer face with what the adapter guarantees: what a fold over its documents needs. */
export type GuaranteedWriter = ReadModelWriter & Pick<ReadStore, 'guarantees'>;

export interface ReadStore extends ReadModels, ReadModelWriter {
  readonly guarantees: StoreGuarantees;
  close(): Promise<void>;
}
