import {
  NOTIFICATIONS_PAGE,
  type MarkNotificationsReadRequest,
  type Notification,
  type NotificationsPage,
} from '@whosright/contracts/notification/dto';
import type { NotificationSettings } from '@whosright/contracts/notification/settings';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import type { ModerationLogQueries } from '@whosright/projections/moderation-log/queries';
import { NOTIFICATION_READS } from '@whosright/projections/notification-reads/docs';
import type { NotificationReadQueries } from '@whosright/projections/notification-reads/queries';
import type { ReportQueries } from '@whosright/projections/reports/queries';
import type { StoryDoc } from '@whosright/projections/stories/docs';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { StoryTimelineQueries } from '@whosright/projections/story-timeline/queries';
import type { UserQueries } from '@whosright/projections/users/queries';
import { publicNameOf } from '@whosright/contracts/account/display-name';
import type { CommentDoc } from '@whosright/projections/comments/docs';
import type { Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import { notificationReads, notificationReadsStream } from './decider';
import {
  commentsNotificationId,
  newestFirst,
  notificationsOf,
  readUpTo,
  type ClosedReport,
  type ReadMarks,
  type ReplyToMe,
  type StoryDecision,
  type StoryFacts,
  type TopComment,
} from './derive-notifications';
import { decodeCursor, encodeCursor } from './notification-cursor';
import type { StoryFactsCache } from './story-facts-cache';

/** The member's newest stories and comments whose news is told: older ones have had their say. */
const STORIES_LOOKED_AT = 50;
const COMMENTS_LOOKED_AT = 100;
/** Decisions read per story, and new comments counted per story (more reads as "100"). */
const DECISIONS_PER_STORY = 20;
const NEW_COMMENTS_COUNTED = 100;
/** The member's newest closed reports told, and open ones whose closing is watched for. */
const REPORTS_LOOKED_AT = 20;
/** How a reply by the story's author on their own story names them. */
const STORY_AUTHOR_NAME = "The story's author";
/** The newest replies to the member's comments that are told. */
const REPLIES_LOOKED_AT = 50;

const DECISIONS: ReadonlySet<string> = new Set<StoryDecision['action']>([
  'story.approve',
  'story.reject',
  'story.hide',
]);
const isDecision = (action: string): action is StoryDecision['action'] => DECISIONS.has(action);

interface Gathered {
  facts: StoryFacts[];
  top: TopComment[];
  closedReports: ClosedReport[];
  replies: ReplyToMe[];
  reads: ReadMarks;
  /** The member's stories and the stories of their comments: where their news comes from. */
  storyIds: string[];
  /** The stories the member's open reports are on: their closing is news too. */
  reportedStoryIds: string[];
  /** The kinds the member hears; the others are left out of every list and count. */
  kinds: NotificationSettings['kinds'];
}

/** Every notification the member hears, newest first, read by `reads` (as gathered, or after). */
function heardOf(
  { facts, top, closedReports, replies, reads, kinds }: Gathered,
  after: ReadMarks = reads,
): Notification[] {
  const shownFacts = after === reads ? facts : facts.map(commentsReadBy(after));
  return notificationsOf(shownFacts, top, after, closedReports, replies).filter(
    (item) => kinds[item.kind],
  );
}

function pageOf(
  all: readonly Notification[],
  request: { cursor?: string | undefined; limit: number },
): NotificationsPage {
  const after = request.cursor ? decodeCursor(request.cursor) : undefined;
  const start = after ? all.findIndex((item) => newestFirst(item, after) > 0) : 0;
  const from = start === -1 ? all.length : start;
  const items = all.slice(from, from + request.limit);
  const last = items.at(-1);
  const more = from + request.limit < all.length;
  return {
    items,
    nextCursor: more && last ? encodeCursor(last) : null,
    unread: all.filter((item) => !item.read).length,
  };
}

/** The read marks once the new ones are recorded, as the notification-reads model keeps them. */
function withMarks(
  reads: ReadMarks,
  marks: ReadonlyArray<{ id: string; at: string }>,
  allUpTo: string | undefined,
): ReadMarks {
  const merged = { ...reads.marks };
  for (const { id, at } of marks) merged[id] = at;
  return { marks: merged, allUpTo: allUpTo ?? reads.allUpTo };
}

/** A story's new comments are news no more once read up to the newest of them. */
const commentsReadBy =
  (reads: ReadMarks) =>
  (facts: StoryFacts): StoryFacts => {
    const upTo = readUpTo(reads, commentsNotificationId(facts.storyId));
    const newest = facts.newComments?.newestAt;
    return newest !== undefined && upTo !== undefined && upTo >= newest
      ? { ...facts, newComments: null }
      : facts;
  };

export interface NotificationServiceDeps {
  bus: CommandBus;
  stories: Pick<StoryQueries, 'byAuthor' | 'byIds'>;
  comments: Pick<CommentQueries, 'after' | 'byAuthor' | 'repliesTo'>;
  /** The repliers' names. */
  users: Pick<UserQueries, 'byIds'>;
  timeline: Pick<StoryTimelineQueries, 'hourly'>;
  moderationLog: Pick<ModerationLogQueries, 'onTarget'>;
  reads: Pick<NotificationReadQueries, 'of'>;
  reports: Pick<ReportQueries, 'closedFilingsOf' | 'openFilingsOf'>;
  /** Where the processes that hear story changes keep the stories' facts until they change. */
  storyFacts?: StoryFactsCache;
  /** The kinds the member hears (the others are left out of the list and the count). */
  settings: (userId: string) => Promise<Pick<NotificationSettings, 'kinds'>>;
}

/**
 * What a member is told about their own stories and comments, derived when asked from the read
 * models that hold it (nothing is written per vote or comment for it), and what they have read.
 */
export class NotificationService {
  constructor(private readonly deps: NotificationServiceDeps) {}

  /** A page, newest first, and how many of all are unread. */
  async page(
    userId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<NotificationsPage> {
    return pageOf(heardOf(await this.gather(userId)), request);
  }

  /**
   * Marks some (by id, as listed now) or all read, what is read already appending nothing, and
   * answers the first page as it is after: derived again from the facts already gathered.
   */
  async markRead(
    userId: string,
    request: MarkNotificationsReadRequest,
    actor: Actor,
  ): Promise<NotificationsPage> {
    const gathered = await this.gather(userId);
    const wanted = 'ids' in request ? new Set(request.ids) : null;
    const marks = heardOf(gathered)
      .filter((item) => !item.read && (wanted === null || wanted.has(item.id)))
      .map((item) => ({ id: item.id, at: item.at }));
    const allUpTo = wanted === null ? new Date().toISOString() : undefined;
    await this.deps.bus.runAll(
      [
        commandOn(notificationReadsStream(userId), notificationReads, {
          type: 'MarkNotificationsRead',
          userId,
          marks,
          ...(allUpTo === undefined ? {} : { allUpTo }),
        }),
      ],
      actor,
      [NOTIFICATION_READS],
    );
    const after = withMarks(gathered.reads, marks, allUpTo);
    return pageOf(heardOf(gathered, after), { limit: NOTIFICATIONS_PAGE });
  }

  /**
   * How many are unread, and the stories whose changes can change that (the member's stories
   * and those of their comments, as read for it; those of their open reports, whose closing
   * does): what the live bell counts and watches.
   */
  async unreadCount(
    userId: string,
  ): Promise<{ unread: number; storyIds: string[]; reportedStoryIds: string[] }> {
    const gathered = await this.gather(userId);
    const unread = heardOf(gathered).filter((item) => !item.read).length;
    return { unread, storyIds: gathered.storyIds, reportedStoryIds: gathered.reportedStoryIds };
  }

  /** The unread ones, newest first, of the kinds the member hears (the daily digest's). */
  async unread(userId: string): Promise<Notification[]> {
    return heardOf(await this.gather(userId)).filter((item) => !item.read);
  }

  /** What the member's notifications are derived from, as the read models hold it now. */
  private async gather(userId: string): Promise<Gathered> {
    const [stories, comments, replyDocs, closedFilings, openFilings, readsDoc, { kinds }] =
      await Promise.all([
        this.deps.stories.byAuthor(userId, { limit: STORIES_LOOKED_AT }),
        this.deps.comments.byAuthor(userId, { limit: COMMENTS_LOOKED_AT }),
        this.deps.comments.repliesTo(userId, REPLIES_LOOKED_AT),
        this.deps.reports.closedFilingsOf(userId, REPORTS_LOOKED_AT),
        this.deps.reports.openFilingsOf(userId, REPORTS_LOOKED_AT),
        this.deps.reads.of(userId),
        this.deps.settings(userId),
      ]);
    const reads: ReadMarks = { marks: readsDoc?.marks ?? {}, allUpTo: readsDoc?.allUpTo };
    const facts = await Promise.all(
      stories.items.map((story) => this.factsOf(story, userId, reads)),
    );
    const top: TopComment[] = comments.items.flatMap((c) =>
      c.topAt ? [{ commentId: c._id, storyId: c.storyId, at: c.topAt }] : [],
    );
    const closedReports: ClosedReport[] = closedFilings.flatMap(
      ({ _id, targetType, storyId, closedAt, action }) =>
        closedAt && action ? [{ filingId: _id, targetType, storyId, closedAt, action }] : [],
    );
    const storyIds = new Set(stories.items.map((story) => story._id));
    for (const comment of comments.items) storyIds.add(comment.storyId);
    const reportedStoryIds = [...new Set(openFilings.map((filing) => filing.storyId))];
    const replies = await this.repliesBy(replyDocs, userId);
    return {
      facts,
      top,
      closedReports,
      replies,
      reads,
      kinds,
      storyIds: [...storyIds],
      reportedStoryIds,
    };
  }

  /**
   * Replies by others to the member's comments, each with its replier's public name; the story's
   * author, on their own story, is named as such (the story stays anonymous).
   */
  private async repliesBy(docs: readonly CommentDoc[], userId: string): Promise<ReplyToMe[]> {
    const byOthers = docs.filter((doc) => doc.authorId !== userId);
    if (byOthers.length === 0) return [];
    const [users, stories] = await Promise.all([
      this.deps.users.byIds(byOthers.map((doc) => doc.authorId)),
      this.deps.stories.byIds(byOthers.map((doc) => doc.storyId)),
    ]);
    const nameOf = new Map(users.map((u) => [u._id, publicNameOf({ ...u, email: null })]));
    return byOthers.map((doc) => ({
      replyId: doc._id,
      storyId: doc.storyId,
      at: doc.createdAt,
      name:
        stories.get(doc.storyId)?.authorId === doc.authorId
          ? STORY_AUTHOR_NAME
          : (nameOf.get(doc.authorId) ?? 'Anonymous'),
    }));
  }

  private factsOf(story: StoryDoc, userId: string, reads: ReadMarks): Promise<StoryFacts> {
    const since = readUpTo(reads, commentsNotificationId(story._id));
    const read = () => this.readFacts(story, userId, since);
    return this.deps.storyFacts ? this.deps.storyFacts.through(story._id, since, read) : read();
  }

  private async readFacts(
    story: StoryDoc,
    userId: string,
    since: string | undefined,
  ): Promise<StoryFacts> {
    const storyId = story._id;
    const [entries, hourly, newComments] = await Promise.all([
      this.deps.moderationLog.onTarget(storyId, DECISIONS_PER_STORY),
      story.totalVotes > 0 ? this.deps.timeline.hourly(storyId) : [],
      story.commentCount > 0
        ? this.deps.comments.after(storyId, since, NEW_COMMENTS_COUNTED)
        : { items: [] },
    ]);
    const decisions: StoryDecision[] = entries.flatMap(({ _id, at, action, reason }) =>
      isDecision(action) ? [{ entryId: _id, at, action, reason }] : [],
    );
    // The author's own comments on their story are no news to them.
    const byOthers = newComments.items.filter((comment) => comment.authorId !== userId);
    const newest = byOthers.at(-1);
    return {
      storyId,
      decisions,
      hourlyVotes: hourly,
      newComments: newest ? { count: byOthers.length, newestAt: newest.createdAt } : null,
      commented: story.commentCount > 0,
    };
  }
}
