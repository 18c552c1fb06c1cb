import type { ForgettingLog, RecordedEvent } from '@whosright/eventstore/port';
import type { MemberStreamQueries } from '@whosright/projections/member-streams/queries';

export interface MemberWritingsDeps {
  /** Where the member's events are: every stream where an event names them. */
  streams: Pick<MemberStreamQueries, 'streamsOf'>;
  /** The log as people may see it; the ids and authors' ids it shows are never forgotten. */
  log: Pick<ForgettingLog, 'readStream'>;
  /** Stream names asked of the read model at once. */
  page?: number;
}

export interface MemberWritings {
  storyIds: string[];
  commentIds: string[];
}

/**
 * The events that open a story's or a comment's stream, and the id each gives the writing. A
 * comment an automod rule held opens with CommentHeld: it waits for review, and is theirs too.
 */
const OPENINGS = [
  { prefix: 'story-', types: ['StorySubmitted'], id: 'storyId', kind: 'storyIds' },
  {
    prefix: 'comment-',
    types: ['CommentPosted', 'CommentHeld'],
    id: 'commentId',
    kind: 'commentIds',
  },
] as const;

const STREAM_PAGE = 500;

const field = (data: unknown, key: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;

async function firstEvent(
  log: MemberWritingsDeps['log'],
  stream: string,
): Promise<RecordedEvent | undefined> {
  for await (const event of log.readStream(stream, { limit: 1 })) return event;
  return undefined;
}

/**
 * Every story and comment the member ever wrote, deleted or not, in log order. Read from the
 * streams the member-streams read model lists for them, never a pass over the whole log: a
 * writing's stream is opened by the event naming its author, so each one is listed. A story or
 * comment stream listed for another reason (they moderated it, or deleted it with their story)
 * is told apart by its opening event's author.
 */
export async function memberWritings(
  deps: MemberWritingsDeps,
  userId: string,
): Promise<MemberWritings> {
  const found: Array<{ position: bigint; kind: keyof MemberWritings; id: string }> = [];
  let cursor: string | undefined;
  do {
    const page = await deps.streams.streamsOf(userId, { cursor, limit: deps.page ?? STREAM_PAGE });
    for (const stream of page.streams) {
      const opening = OPENINGS.find((o) => stream.startsWith(o.prefix));
      if (!opening) continue;
      const event = await firstEvent(deps.log, stream);
      if (!event || !(opening.types as readonly string[]).includes(event.type)) continue;
      if (field(event.data, 'authorId') !== userId) continue;
      const id = field(event.data, opening.id);
      if (typeof id === 'string') found.push({ position: event.position, kind: opening.kind, id });
    }
    cursor = page.next;
  } while (cursor);
  found.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  const writings: MemberWritings = { storyIds: [], commentIds: [] };
  for (const { kind, id } of found) writings[kind].push(id);
  return writings;
}
