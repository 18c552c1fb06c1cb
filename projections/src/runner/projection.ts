import type { EventFilter, RecordedEvent } from '@whosright/eventstore/port';
import type { CollectionSpec, Doc, ReadCollection, Update } from '../store/port';

/** One read-model change produced by a projection for one event. */
export type Change =
  | { op: 'update'; collection: string; id: string; update: Update; upsert: boolean }
  | { op: 'delete'; collection: string; id: string }
  | { op: 'insert'; collection: string; id: string; fields: Readonly<Record<string, unknown>> };

export const upsert = (collection: string, id: string, update: Update): Change => ({
  op: 'update',
  collection,
  id,
  update,
  upsert: true,
});
/** Updates a document only if it exists (like Mongo's `updateOne` without upsert). */
export const update = (collection: string, id: string, change: Update): Change => ({
  op: 'update',
  collection,
  id,
  update: change,
  upsert: false,
});
export const remove = (collection: string, id: string): Change => ({
  op: 'delete',
  collection,
  id,
});
/**
 * Adds the document unless one with this id exists, which is kept as it is: for collections
 * whose documents are whole at once and never change (`insertOnly`); nothing is read to write it.
 */
export const insertOnce = (
  collection: string,
  id: string,
  fields: Readonly<Record<string, unknown>>,
): Change => ({ op: 'insert', collection, id, fields });

export type ReportRow = Record<string, unknown>;

/**
 * A projection is a fold (STYLE.md 6): it names the events it handles and maps one event to
 * read-model changes with a pure `apply`. The runner does the I/O, batching and checkpointing.
 */
/**
 * What a change on a story's screen is about, each kind named after what it reads: the card's
 * tallies (`votes`), its comments, its verdict timeline, moderators' decisions, closed reports.
 */
export type StoryChangeKind = 'votes' | 'comments' | 'timeline' | 'moderation' | 'reports';

export interface Projection<TEvent extends RecordedEvent = RecordedEvent> {
  /** Lowercase kebab-case; also the active-version pointer's key. */
  name: string;
  /** Bump when `apply` changes meaning: the runner rebuilds a new version beside the live one. */
  version: number;
  eventTypes: readonly string[];
  collections: readonly CollectionSpec[];
  /** Defaults to "the event's type is in `eventTypes`". */
  canHandle?(event: RecordedEvent): boolean;
  apply(event: TEvent): readonly Change[];
  /**
   * The stories on screen a committed batch of this read model changes: the story (its `storyId`)
   * of each event of `eventTypes` is published as a change of `kind` (live tallies, bells). Read
   * models that change nothing a story screen or bell shows declare none.
   */
  storyChanges?: { kind: StoryChangeKind; eventTypes: readonly string[] };
  /** What `npm run replay` prints for this read model; defaults to every document of every collection. */
  report?(collection: (name: string) => ReadCollection<Doc>): Promise<ReportRow[]>;
}

export type AnyProjection = Projection<never>;

export function defineProjection<TEvent extends RecordedEvent>(
  projection: Projection<TEvent>,
): Projection<TEvent> {
  return projection;
}

export function handles(projection: AnyProjection, event: RecordedEvent): boolean {
  return projection.canHandle
    ? projection.canHandle(event)
    : projection.eventTypes.includes(event.type);
}

/** Runs `apply` on an event the runner has checked with `handles`. */
export function applyEvent(projection: AnyProjection, event: RecordedEvent): readonly Change[] {
  return (projection as unknown as Projection).apply(event);
}

/**
 * What a scan of the log for these projections needs to read: only the event types they handle,
 * so that the store skips (and never decodes) the others. Undefined, every event, when one of them
 * decides by itself (`canHandle`).
 */
export function logFilterFor(projections: readonly AnyProjection[]): EventFilter | undefined {
  if (projections.some((projection) => projection.canHandle !== undefined)) return undefined;
  return { eventTypes: [...new Set(projections.flatMap((projection) => projection.eventTypes))] };
}
