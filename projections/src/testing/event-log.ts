import type { SavedStoryEvent } from '@whosright/contracts/saved/events';
import type { StoryFollowEvent } from '@whosright/contracts/follow/events';
import type { ForgettingEvent, SessionEvent, UserEvent } from '@whosright/contracts/account/events';
import type { CommentEvent, CommentVoteEvent } from '@whosright/contracts/comment/events';
import type { MemberNoteEvent } from '@whosright/contracts/member-history/events';
import type { ReportEvent } from '@whosright/contracts/report/events';
import type { EventMetadata } from '@whosright/contracts/shared/events';
import type {
  StoryActivityEvent,
  StoryEvent,
  StoryPoolEvent,
  StoryReactionEvent,
  StoryVoteEvent,
} from '@whosright/contracts/story/events';
import type { RecordedEvent } from '@whosright/eventstore/port';

type DomainEvent = { type: string; data: unknown };

/** Who acted, as the API writes it into the metadata (a signed-in user, or an anonymous visitor). */
export type Actor = Pick<EventMetadata, 'actorId' | 'visitorId'>;

/** A time-ordered id in the shape of the store's UUIDv7s, unique per position. */
function eventId(position: bigint): string {
  return `01950000-0000-7000-8000-${position.toString(16).padStart(12, '0')}`;
}

/**
 * Events as the API records them, for projection specs: each in the stream the write side
 * appends it to (`story-{id}`, `storyVote-{storyId}-{userId}`, ...), at the next global position
 * and stream revision, one minute after the previous one. Record them in the order they happen;
 * `projectionSpec` checks the data against the event catalog.
 */
export function eventLog(start = '2026-03-02T09:00:00.000Z') {
  let position = 0n;
  let time = Date.parse(start);
  const revisions = new Map<string, bigint>();

  function record<E extends DomainEvent>(
    stream: string,
    event: E,
    actor: Actor,
  ): RecordedEvent<E['type'], E['data']> {
    position += 1n;
    const revision = revisions.get(stream) ?? 0n;
    revisions.set(stream, revision + 1n);
    const recordedAt = new Date(time).toISOString();
    time += 60_000;
    return {
      id: eventId(position),
      stream,
      type: event.type,
      data: event.data,
      metadata: { ...actor, correlationId: `req-${position}`, recordedAt },
      revision,
      position,
    };
  }

  return {
    user<E extends UserEvent>(userId: string, event: E, actor: Actor = {}) {
      if (event.type === 'UserRegistered' && event.data.userId !== userId)
        throw new Error(`UserRegistered of ${event.data.userId} recorded in user-${userId}`);
      return record(`user-${userId}`, event, actor);
    },
    session<E extends SessionEvent>(sessionId: string, event: E, actor: Actor = {}) {
      if (event.type === 'SessionStarted' && event.data.sessionId !== sessionId)
        throw new Error(
          `SessionStarted of ${event.data.sessionId} recorded in session-${sessionId}`,
        );
      return record(`session-${sessionId}`, event, actor);
    },
    story<E extends StoryEvent>(event: E, actor: Actor = {}) {
      return record(`story-${event.data.storyId}`, event, actor);
    },
    storyVote<E extends StoryVoteEvent>(event: E, actor: Actor = {}) {
      return record(`storyVote-${event.data.storyId}-${event.data.userId}`, event, actor);
    },
    storyActivity<E extends StoryActivityEvent>(event: E, actor: Actor = {}) {
      return record(`storyActivity-${event.data.storyId}-${event.data.visitorKey}`, event, actor);
    },
    storyReaction<E extends StoryReactionEvent>(event: E, actor: Actor = {}) {
      return record(`storyReaction-${event.data.storyId}-${event.data.userId}`, event, actor);
    },
    savedStory<E extends SavedStoryEvent>(event: E, actor: Actor = {}) {
      return record(`savedStory-${event.data.storyId}-${event.data.userId}`, event, actor);
    },
    storyFollow<E extends StoryFollowEvent>(event: E, actor: Actor = {}) {
      return record(`storyFollow-${event.data.storyId}-${event.data.userId}`, event, actor);
    },
    /** The one stream of the random pool's slots. */
    storyPool<E extends StoryPoolEvent>(event: E, actor: Actor = {}) {
      return record('storyPool-approved', event, actor);
    },
    comment<E extends CommentEvent>(event: E, actor: Actor = {}) {
      return record(`comment-${event.data.commentId}`, event, actor);
    },
    commentVote<E extends CommentVoteEvent>(event: E, actor: Actor = {}) {
      return record(`commentVote-${event.data.commentId}-${event.data.userId}`, event, actor);
    },
    /** Every report on one story or comment. */
    reports<E extends ReportEvent>(event: E, actor: Actor = {}) {
      return record(`reports-${event.data.targetType}-${event.data.targetId}`, event, actor);
    },
    /** Admins' notes on one member. */
    memberNotes<E extends MemberNoteEvent>(event: E, actor: Actor = {}) {
      return record(`memberNotes-${event.data.memberId}`, event, actor);
    },
    /** The registry of deleted members. */
    forgotten<E extends ForgettingEvent>(event: E, actor: Actor = {}) {
      return record('forgottenUsers', event, actor);
    },
  };
}
