import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ForgettingLog, RecordedEvent } from '@whosright/eventstore/port';
import { membersNamedBy } from '@whosright/projections/member-streams/named-members';
import type { MemberStreamQueries } from '@whosright/projections/member-streams/queries';

/**
 * Which events of the log are about one member: what names them (`membersNamedBy`: their
 * `user-{id}` stream, the actor in the metadata, `data.userId`, `data.authorId`), and what
 * happened later on the streams they started (their sessions, stories and comments: an ending,
 * a moderation). Decided one event at a time, in log order.
 */
export class MemberEventFilter {
  private readonly streams = new Set<string>();

  constructor(private readonly userId: string) {}

  keeps(event: RecordedEvent): boolean {
    const theirs = this.streams.has(event.stream) || membersNamedBy(event).includes(this.userId);
    if (!theirs) return false;
    if (
      event.type === 'SessionStarted' ||
      event.type === 'StorySubmitted' ||
      event.type === 'CommentPosted' ||
      event.type === 'CommentHeld'
    )
      this.streams.add(event.stream);
    return true;
  }
}

export interface MemberEventsDeps {
  /** The log as read models see it (deleted members forgotten): never the raw store. */
  log: ForgettingLog;
  /** Where the member's events are: every stream where an event names them. */
  streams: Pick<MemberStreamQueries, 'streamsOf'>;
}

/** Stream names asked of the read model at once. */
const STREAM_PAGE = 500;
/** Streams read side by side; the event loop gets a turn between two such groups. */
const STREAMS_AT_ONCE = 16;

/**
 * The member's events, in log order, from their own streams only (the member-streams read
 * model names them), never a pass over the whole log. Every event the filter keeps lies on one
 * of those streams, so the result is the one a full pass would give. Reads are done a group of
 * streams at a time, with a turn of the event loop between groups, so other requests are served
 * while a large export is read.
 */
export async function memberEvents(
  deps: MemberEventsDeps,
  userId: string,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.streams.streamsOf(userId, { cursor, limit: STREAM_PAGE });
    for (let i = 0; i < page.streams.length; i += STREAMS_AT_ONCE) {
      const group = page.streams.slice(i, i + STREAMS_AT_ONCE);
      const read = await Promise.all(group.map((stream) => readWhole(deps.log, stream)));
      for (const streamEvents of read) events.push(...streamEvents);
      await nextTurn();
    }
    cursor = page.next;
  } while (cursor);
  events.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  const filter = new MemberEventFilter(userId);
  return events.filter((event) => filter.keeps(event));
}

async function readWhole(log: ForgettingLog, stream: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of log.readStream(stream)) events.push(event);
  return events;
}
