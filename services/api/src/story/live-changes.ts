import type { RecordedEvent } from '@whosright/eventstore/port';
import { COMMENTS } from '@whosright/projections/comments/docs';
import { MODERATION_LOG } from '@whosright/projections/moderation-log/docs';
import { REPORTS } from '@whosright/projections/reports/docs';
import { STORIES } from '@whosright/projections/stories/docs';
import { STORY_TIMELINE } from '@whosright/projections/story-timeline/docs';
import type { CommittedListener } from '@whosright/projections/runner/projection-runner';
import type { StoryChange, StoryChangeKind, StoryChanges } from '#api/platform/live/story-changes';

/**
 * Which committed events change what a story screen or its author's bell shows, per read model
 * they read: the card's tallies and comment count come from the stories read model, the comment
 * list (and a comment's +10) from the comments one; vote milestones and flips from the verdict
 * timeline, moderators' decisions from the moderation log, and the closing of reports on it from
 * the reports read model (its reporters' bells). Views, skips and pool moves change nothing on
 * either and are not told.
 */
const WATCHED: ReadonlyMap<string, { kind: StoryChangeKind; types: ReadonlySet<string> }> = new Map(
  [
    [
      STORIES,
      {
        kind: 'votes',
        types: new Set([
          'StoryVoteCast',
          'StoryReactionAdded',
          'StoryReactionRemoved',
          'CommentPosted',
          'CommentDeleted',
        ]),
      },
    ],
    [
      COMMENTS,
      {
        kind: 'comments',
        types: new Set([
          'CommentPosted',
          'CommentDeleted',
          'CommentVoteCast',
          'CommentVoteWithdrawn',
        ]),
      },
    ],
    [STORY_TIMELINE, { kind: 'timeline', types: new Set(['StoryVoteCast']) }],
    [MODERATION_LOG, { kind: 'moderation', types: new Set(['StoryModerated']) }],
    [REPORTS, { kind: 'reports', types: new Set(['ReportsClosed']) }],
  ],
);

function storyIdOf(event: RecordedEvent): string | undefined {
  const data = event.data;
  if (!data || typeof data !== 'object') return undefined;
  const storyId = (data as { storyId?: unknown }).storyId;
  return typeof storyId === 'string' ? storyId : undefined;
}

/** The stories a committed batch changed on screen, each once. */
export function storyChangesOf(
  projection: string,
  events: readonly RecordedEvent[],
): StoryChange[] {
  const watched = WATCHED.get(projection);
  if (!watched) return [];
  const ids = new Set<string>();
  for (const event of events) {
    if (!watched.types.has(event.type)) continue;
    const storyId = storyIdOf(event);
    if (storyId) ids.add(storyId);
  }
  return [...ids].map((storyId) => ({ storyId, kind: watched.kind }));
}

/** The projection runner's commit listener: publishes each changed story. */
export function publishStoryChanges(changes: StoryChanges): CommittedListener {
  return (projection, events) => {
    for (const change of storyChangesOf(projection, events)) changes.publish(change);
  };
}
