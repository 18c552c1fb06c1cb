import { leaderOf } from '@whosright/contracts/story/rules';
import {
  readBy,
  type DerivedNotification,
  type ReadMarks,
  type Unread,
} from './derive-notifications';

const HOUR_MS = 3_600_000;

/** Everything about a story the member follows (and did not write) that can tell them something. */
export interface FollowedFacts {
  storyId: string;
  /** The story's label, which the notifications name it by. */
  label: string;
  /** When the member followed it: only what came after counts. */
  since: string;
  /** The side ahead when they followed: a flip is a change from it. */
  majority: 'he' | 'she' | null;
  /** The story's votes per hour from its first, oldest first, only hours with votes. */
  hourlyVotes: ReadonlyArray<{ at: string; he: number; she: number }>;
  /** Comments by others since they followed it or last read this notification, if later. */
  newComments: { count: number; newestAt: string } | null;
}

/** The one notification of new comments on a followed story, kept up to date. */
export const followedCommentsId = (storyId: string) => `following:comments:${storyId}`;

const sideOf = (leader: 'he' | 'she') => (leader === 'he' ? "He's" : "She's");

/**
 * Each time the majority changed sides after the member followed: told at the end of each hour
 * from the one they followed in (a flip is dated by its hour, never before the follow), against
 * the side ahead when they followed. A tie leads nobody and flips nothing.
 */
function flipsOf(facts: FollowedFacts): Unread[] {
  const found: Unread[] = [];
  const followedAt = Date.parse(facts.since);
  let he = 0;
  let she = 0;
  let leading = facts.majority;
  for (const hour of facts.hourlyVotes) {
    he += hour.he;
    she += hour.she;
    const start = Date.parse(hour.at);
    if (start + HOUR_MS <= followedAt) continue;
    const leader = leaderOf({ he, she });
    if (!leader) continue;
    if (leading && leader !== leading)
      found.push({
        id: `following:flip:${facts.storyId}:${start}`,
        at: start > followedAt ? hour.at : facts.since,
        kind: 'following',
        storyId: facts.storyId,
        text: `The majority on “${facts.label}” flipped to ${sideOf(leader)} Right.`,
      });
    leading = leader;
  }
  return found;
}

function commentsOf(facts: FollowedFacts, reads: ReadMarks): DerivedNotification[] {
  const id = followedCommentsId(facts.storyId);
  const base = { id, kind: 'following', storyId: facts.storyId } as const;
  if (facts.newComments && facts.newComments.count > 0) {
    const { count, newestAt } = facts.newComments;
    const text = `${count} new comment${count === 1 ? '' : 's'} on “${facts.label}”.`;
    return [{ ...base, at: newestAt, text, read: false }];
  }
  // Marked by id only once it was listed unread, while this follow lasted.
  const readAt = reads.marks[id];
  if (readAt === undefined || readAt < facts.since) return [];
  return [{ ...base, at: readAt, text: `New comments on “${facts.label}”, all read.`, read: true }];
}

/** What the member hears of the stories they follow, each read or not (unsorted). */
export function followedNotificationsOf(
  followed: readonly FollowedFacts[],
  reads: ReadMarks,
): DerivedNotification[] {
  return followed.flatMap((facts) => [
    ...flipsOf(facts).map(readBy(reads)),
    ...commentsOf(facts, reads),
  ]);
}
