import type { ForgettingLog, RecordedEvent } from '@whosright/eventstore/port';

const field = (data: unknown, key: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;

/**
 * Which events of the log are about one member (issue 22): what they did (the actor in the
 * metadata), what names them (`user-{id}`, `data.userId`, `data.authorId`), and what happened
 * later on the streams they started (their sessions, stories and comments: an ending, a
 * moderation). Decided one event at a time, in log order.
 */
export class MemberEventFilter {
  private readonly streams = new Set<string>();

  constructor(private readonly userId: string) {}

  keeps(event: RecordedEvent): boolean {
    const { userId } = this;
    const theirs =
      event.stream === `user-${userId}` ||
      this.streams.has(event.stream) ||
      event.metadata.actorId === userId ||
      field(event.data, 'userId') === userId ||
      field(event.data, 'authorId') === userId;
    if (!theirs) return false;
    if (
      event.type === 'SessionStarted' ||
      event.type === 'StorySubmitted' ||
      event.type === 'CommentPosted'
    )
      this.streams.add(event.stream);
    return true;
  }
}

/**
 * The member's events, in log order: one pass over the whole log. The store pages `readAll`, so
 * memory holds a page and the member's own events, never the log. A full read is acceptable
 * for an export, which is rare and rate-limited (docs/decisions/member-data-export.md).
 */
export async function* memberEvents(
  log: ForgettingLog,
  userId: string,
): AsyncIterable<RecordedEvent> {
  const filter = new MemberEventFilter(userId);
  for await (const event of log.readAll()) if (filter.keeps(event)) yield event;
}
