import {
  COMMENT_SCORE_MILESTONE,
  VOTE_MILESTONES,
  type Notification,
  type NotificationKind,
} from '@whosright/contracts/notification/dto';
import type { ReportAction, ReportTargetType } from '@whosright/contracts/report/events';
import { leaderOf } from '@whosright/contracts/story/rules';

/** A moderator's decision on the member's story, from the moderation log. */
export interface StoryDecision {
  /** The log entry's id: unique, and holds no '.' (ids are keys of the read marks). */
  entryId: string;
  at: string;
  action: 'story.approve' | 'story.reject' | 'story.hide';
  reason: string | null;
}

/** Everything about one of the member's stories that can tell them something. */
export interface StoryFacts {
  storyId: string;
  decisions: readonly StoryDecision[];
  /** The votes per hour, oldest first, only hours with votes. */
  hourlyVotes: ReadonlyArray<{ at: string; he: number; she: number }>;
  /** Comments by others since the member last read this story's comment notification. */
  newComments: { count: number; newestAt: string } | null;
  /** Whether others ever commented on it (a read comment notification stays listed). */
  commented: boolean;
  /**
   * Its author unfollowed it: new comments on it and its flips are not told (their other news
   * on it is about them, not about following it).
   */
  unfollowed?: boolean;
}

/** A comment of the member's that reached the score, and when. */
export interface TopComment {
  commentId: string;
  storyId: string;
  at: string;
}

/** A reply by someone else to a comment of the member's, and the name it is told with. */
export interface ReplyToMe {
  replyId: string;
  storyId: string;
  at: string;
  /** The replier as readers see them beside the reply. */
  name: string;
}

/** A report the member filed that an admin closed, and what they did. */
export interface ClosedReport {
  /** The reporter's filing id: unique per case, and holds no '.'. */
  filingId: string;
  targetType: ReportTargetType;
  storyId: string;
  closedAt: string;
  action: ReportAction;
}

/** How far the member has read: see the notification-reads read model. */
export interface ReadMarks {
  marks: Readonly<Record<string, string>>;
  allUpTo: string | undefined;
}

export const commentsNotificationId = (storyId: string) => `comments:${storyId}`;

/** The moment up to which the member has read a notification id, if any. */
export function readUpTo(reads: ReadMarks, id: string): string | undefined {
  const mark = reads.marks[id];
  const all = reads.allUpTo;
  if (mark === undefined) return all;
  if (all === undefined) return mark;
  return mark > all ? mark : all;
}

/**
 * A notification as derived, without its story's label: the service adds it to the ones it
 * answers (one read of the stories on the page, not of every story counted).
 */
export type DerivedNotification = Omit<Notification, 'storyLabel'>;

export type Unread = Omit<DerivedNotification, 'read'>;

const DECISION_KINDS = {
  'story.approve': 'approved',
  'story.reject': 'rejected',
  'story.hide': 'hidden',
} as const satisfies Record<StoryDecision['action'], NotificationKind>;

function decisionText(decision: StoryDecision): string {
  const said = decision.reason ? `: ${decision.reason}` : '.';
  switch (decision.action) {
    case 'story.approve':
      return 'Your story was approved and is live.';
    case 'story.reject':
      return `Your story was rejected${said}`;
    case 'story.hide':
      return `Your story was hidden${said}`;
  }
}

function fromDecisions(storyId: string, decisions: readonly StoryDecision[]): Unread[] {
  return decisions.map((decision) => ({
    id: `moderation:${decision.entryId}`,
    at: decision.at,
    kind: DECISION_KINDS[decision.action],
    storyId,
    text: decisionText(decision),
  }));
}

/** Each milestone passed, at the hour that passed it, and each time the majority changed sides. */
function fromVotes(storyId: string, hourly: StoryFacts['hourlyVotes']): Unread[] {
  const found: Unread[] = [];
  let he = 0;
  let she = 0;
  let leading: 'he' | 'she' | null = null;
  let flips = 0;
  for (const hour of hourly) {
    const before = he + she;
    he += hour.he;
    she += hour.she;
    for (const milestone of VOTE_MILESTONES)
      if (before < milestone && he + she >= milestone)
        found.push({
          id: `votes:${storyId}:${milestone}`,
          at: hour.at,
          kind: 'votes',
          storyId,
          text: `Your story reached ${milestone} votes.`,
        });
    const leader = leaderOf({ he, she });
    if (!leader) continue;
    // The first lead is not a flip; a tie leads nobody and flips nothing.
    if (leading && leader !== leading) {
      flips += 1;
      found.push({
        id: `flip:${storyId}:${flips}`,
        at: hour.at,
        kind: 'flip',
        storyId,
        text: `The majority on your story flipped to ${leader === 'he' ? "He's" : "She's"} Right.`,
      });
    }
    leading = leader;
  }
  return found;
}

function fromComments(facts: StoryFacts, reads: ReadMarks): DerivedNotification[] {
  const id = commentsNotificationId(facts.storyId);
  const { newComments } = facts;
  if (newComments && newComments.count > 0) {
    const { count, newestAt } = newComments;
    const text = `${count} new comment${count === 1 ? '' : 's'} on your story.`;
    return [{ id, at: newestAt, kind: 'comments', storyId: facts.storyId, text, read: false }];
  }
  // Marked by id only once it was listed unread: a story with no comments by others has none.
  const readAt = reads.marks[id];
  if (!facts.commented || readAt === undefined) return [];
  const text = 'New comments on your story, all read.';
  return [{ id, at: readAt, kind: 'comments', storyId: facts.storyId, text, read: true }];
}

function fromTopComment(comment: TopComment): Unread {
  return {
    id: `score:${comment.commentId}`,
    at: comment.at,
    kind: 'commentScore',
    storyId: comment.storyId,
    text: `Your comment reached +${COMMENT_SCORE_MILESTONE}.`,
  };
}

function fromReply(reply: ReplyToMe): Unread {
  return {
    id: `reply:${reply.replyId}`,
    at: reply.at,
    kind: 'replies',
    storyId: reply.storyId,
    text: `${reply.name} replied to your comment.`,
  };
}

/**
 * What came of a report, told without the admin's reason or name (those are the log's). A ban is
 * a sanction on another member, theirs alone to hear of: the reporter learns only that action was
 * taken.
 */
const REPORT_OUTCOMES: Readonly<Record<ReportAction, string>> = {
  dismiss: 'no action was needed',
  hide: 'the story was hidden',
  delete: 'the comment was deleted',
  ban: 'action was taken',
};

function fromReport(report: ClosedReport): Unread {
  const outcome = REPORT_OUTCOMES[report.action];
  return {
    id: `report:${report.filingId}`,
    at: report.closedAt,
    kind: 'report',
    storyId: report.storyId,
    text: `Your report on a ${report.targetType} was reviewed: ${outcome}.`,
  };
}

/** The notification with whether it is read, by its mark or the member's "all read". */
export const readBy =
  (reads: ReadMarks) =>
  (item: Unread): DerivedNotification => {
    const upTo = readUpTo(reads, item.id);
    return { ...item, read: upTo !== undefined && upTo >= item.at };
  };

/** Newest first; among equal times, by id, so pages never skip or repeat one. */
export function newestFirst(
  a: Pick<Notification, 'at' | 'id'>,
  b: Pick<Notification, 'at' | 'id'>,
): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** What the story's author hears of it: its flips and new comments only while they follow it. */
function fromStory(facts: StoryFacts, reads: ReadMarks): DerivedNotification[] {
  const withRead = readBy(reads);
  const decisions = fromDecisions(facts.storyId, facts.decisions).map(withRead);
  const votes = fromVotes(facts.storyId, facts.hourlyVotes).map(withRead);
  if (facts.unfollowed) return [...decisions, ...votes.filter((item) => item.kind !== 'flip')];
  return [...decisions, ...votes, ...fromComments(facts, reads)];
}

/** Every notification the member has now, newest first, each read or not. */
export function notificationsOf(
  stories: readonly StoryFacts[],
  topComments: readonly TopComment[],
  reads: ReadMarks,
  closedReports: readonly ClosedReport[] = [],
  replies: readonly ReplyToMe[] = [],
): DerivedNotification[] {
  const withRead = readBy(reads);
  const items: DerivedNotification[] = [];
  for (const facts of stories) items.push(...fromStory(facts, reads));
  for (const comment of topComments) items.push(withRead(fromTopComment(comment)));
  for (const report of closedReports) items.push(withRead(fromReport(report)));
  for (const reply of replies) items.push(withRead(fromReply(reply)));
  return items.sort(newestFirst);
}
