import {
  NOTIFICATIONS_PAGE,
  type MarkNotificationsReadRequest,
  type Notification,
  type NotificationsPage,
} from '@whosright/contracts/notification/dto';
import type { NotificationSettings } from '@whosright/contracts/notification/settings';
import { isPublicStory } from '@whosright/contracts/story/rules';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import type { ModerationLogQueries } from '@whosright/projections/moderation-log/queries';
import { NOTIFICATION_READS } from '@whosright/projections/notification-reads/docs';
import type { NotificationReadQueries } from '@whosright/projections/notification-reads/queries';
import type { ReportQueries } from '@whosright/projections/reports/queries';
import type { StoryDoc } from '@whosright/projections/stories/docs';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import { chosenFollows, type ChosenFollow } from '@whosright/projections/story-follows/docs';
import type { StoryFollowQueries } from '@whosright/projections/story-follows/queries';
import type { StoryTimelineQueries } from '@whosright/projections/story-timeline/queries';
import type { UserQueries } from '@whosright/projections/users/queries';
import { publicNameOf } from '@whosright/contracts/account/display-name';
import type { CommentDoc } from '@whosright/projections/comments/docs';
import type { Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import { notificationReads, notificationReadsStream } from './decider';
import {
  followedCommentsId,
  followedNotificationsOf,
  type FollowedFacts,
} from './derive-follow-notifications';
import {
  commentsNotificationId,
  newestFirst,
  notificationsOf,
  readUpTo,
  type ClosedReport,
  type DerivedNotification,
  type ReadMarks,
  type ReplyToMe,
  type StoryDecision,
  type StoryFacts,
  type TopComment,
} from './derive-notifications';
import { decodeCursor, encodeCursor } from './notification-cursor';
import type { StoryFactsCache } from './story-facts-cache';
import { storyLabelOf } from './story-label';

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
/** The stories the member followed last whose news is told. */
const FOLLOWS_LOOKED_AT = 50;

const DECISIONS: ReadonlySet<string> = new Set<StoryDecision['action']>([
  'story.approve',
  'story.reject',
  'story.hide',
]);
const isDecision = (action: string): action is StoryDecision['action'] => DECISIONS.has(action);

interface Gathered {
  facts: StoryFacts[];
  /** The stories of others the member follows, public ones only. */
  followed: FollowedFacts[];
  top: TopComment[];
  closedReports: ClosedReport[];
  replies: ReplyToMe[];
  reads: ReadMarks;
  /**
   * The member's stories, the stories of their comments and those they follow: where their news
   * comes from.
   */
  storyIds: string[];
  /** The stories read while gathering, by id: the labels of most notifications come from them. */
  known: ReadonlyMap<string, StoryDoc>;
  /** The stories the member's open reports are on: their closing is news too. */
  reportedStoryIds: string[];
  /** The kinds the member hears; the others are left out of every list and count. */
  kinds: NotificationSettings['kinds'];
}

/** Every notification the member hears, newest first, read by `reads` (as gathered, or after). */
function heardOf(
  { facts, followed, top, closedReports, replies, reads, kinds }: Gathered,
  after: ReadMarks = reads,
): DerivedNotification[] {
  const shown = after === reads;
  const ownFacts = shown ? facts : facts.map(commentsReadBy(after, commentsNotificationId));
  const followedFacts = shown ? followed : followed.map(commentsReadBy(after, followedCommentsId));
  return [
    ...notificationsOf(ownFacts, top, after, closedReports, replies),
    ...followedNotificationsOf(followedFacts, after),
  ]
    .filter((item) => kinds[item.kind])
    .sort(newestFirst);
}

interface DerivedPage {
  items: DerivedNotification[];
  nextCursor: string | null;
  unread: number;
}

function pageOf(
  all: readonly DerivedNotification[],
  request: { cursor?: string | undefined; limit: number },
): DerivedPage {
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
  <F extends Pick<StoryFacts, 'storyId' | 'newComments'>>(
    reads: ReadMarks,
    idOf: (storyId: string) => string,
  ) =>
  (facts: F): F => {
    const upTo = readUpTo(reads, idOf(facts.storyId));
    const newest = facts.newComments?.newestAt;
    return newest !== undefined && upTo !== undefined && upTo >= newest
      ? { ...facts, newComments: null }
      : facts;
  };

/** The later of two times, either maybe absent. */
const laterOf = (a: string, b: string | undefined) => (b !== undefined && b > a ? b : a);

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
  /** The stories the member followed or unfollowed with the toggle. */
  follows: Pick<StoryFollowQueries, 'of'>;
  /** Where the processes that hear story changes keep the stories' facts until they change. */
  storyFacts?: StoryFactsCache;
  /** The kinds the member hears (the others are left out of the list and the count). */
  settings: (userId: string) => Promise<Pick<NotificationSettings, 'kinds'>>;
}

/**
 * What a member is told about their own stories and comments and the stories they follow,
 * derived when asked from the read models that hold it (nothing is written per vote or comment
 * for it), and what they have read.
 */
export class NotificationService {
  constructor(private readonly deps: NotificationServiceDeps) {}

  /** A page, newest first, and how many of all are unread. */
  async page(
    userId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<NotificationsPage> {
    const gathered = await this.gather(userId);
    return this.labelled(pageOf(heardOf(gathered), request), gathered, userId);
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
    const page = pageOf(heardOf(gathered, after), { limit: NOTIFICATIONS_PAGE });
    return this.labelled(page, gathered, userId);
  }

  /**
   * How many are unread, and the stories whose changes can change that (the member's stories,
   * those of their comments and those they follow, as read for it; those of their open reports,
   * whose closing does): what the live bell counts and watches.
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
    const gathered = await this.gather(userId);
    const unread = heardOf(gathered).filter((item) => !item.read);
    return (await this.labelled({ items: unread, nextCursor: null, unread: 0 }, gathered, userId))
      .items;
  }

  /**
   * The page with each notification's story label: from the stories already read, and the
   * others on the page in one read.
   */
  private async labelled(
    page: DerivedPage,
    { known }: Gathered,
    userId: string,
  ): Promise<NotificationsPage> {
    const missing = [...new Set(page.items.map((item) => item.storyId))].filter(
      (storyId) => !known.has(storyId),
    );
    const read =
      missing.length > 0 ? await this.deps.stories.byIds(missing) : new Map<string, StoryDoc>();
    const storyOf = (storyId: string) => known.get(storyId) ?? read.get(storyId);
    const items = page.items.map((item) => ({
      ...item,
      storyLabel: storyLabelOf(storyOf(item.storyId), userId),
    }));
    return { ...page, items };
  }

  /** What the member's notifications are derived from, as the read models hold it now. */
  private async gather(userId: string): Promise<Gathered> {
    const [stories, comments, replyDocs, closedFilings, openFilings, readsDoc, { kinds }, follows] =
      await Promise.all([
        this.deps.stories.byAuthor(userId, { limit: STORIES_LOOKED_AT }),
        this.deps.comments.byAuthor(userId, { limit: COMMENTS_LOOKED_AT }),
        this.deps.comments.repliesTo(userId, REPLIES_LOOKED_AT),
        this.deps.reports.closedFilingsOf(userId, REPORTS_LOOKED_AT),
        this.deps.reports.openFilingsOf(userId, REPORTS_LOOKED_AT),
        this.deps.reads.of(userId),
        this.deps.settings(userId),
        this.deps.follows.of(userId),
      ]);
    const reads: ReadMarks = { marks: readsDoc?.marks ?? {}, allUpTo: readsDoc?.allUpTo };
    const [facts, followed] = await Promise.all([
      Promise.all(
        stories.items.map(async (story) => ({
          ...(await this.factsOf(story, userId, reads)),
          unfollowed: follows?.stories[story._id]?.following === false,
        })),
      ),
      this.followedOf(chosenFollows(follows, FOLLOWS_LOOKED_AT), userId, reads),
    ]);
    const top: TopComment[] = comments.items.flatMap((c) =>
      c.topAt ? [{ commentId: c._id, storyId: c.storyId, at: c.topAt }] : [],
    );
    const closedReports: ClosedReport[] = closedFilings.flatMap(
      ({ _id, targetType, storyId, closedAt, action }) =>
        closedAt && action ? [{ filingId: _id, targetType, storyId, closedAt, action }] : [],
    );
    const known = new Map(stories.items.map((story) => [story._id, story]));
    for (const story of followed.stories) known.set(story._id, story);
    const storyIds = new Set(known.keys());
    for (const comment of comments.items) storyIds.add(comment.storyId);
    const reportedStoryIds = [...new Set(openFilings.map((filing) => filing.storyId))];
    const replies = await this.repliesBy(replyDocs, userId);
    return {
      facts,
      followed: followed.facts,
      top,
      closedReports,
      replies,
      reads,
      kinds,
      storyIds: [...storyIds],
      known,
      reportedStoryIds,
    };
  }

  /**
   * The stories the member follows, public and by someone else (an author hears of their own
   * story as its author), with what happened on each since they followed it.
   */
  private async followedOf(
    chosen: readonly ChosenFollow[],
    userId: string,
    reads: ReadMarks,
  ): Promise<{ stories: StoryDoc[]; facts: FollowedFacts[] }> {
    if (chosen.length === 0) return { stories: [], facts: [] };
    const docs = await this.deps.stories.byIds(chosen.map((follow) => follow.storyId));
    const told = chosen.flatMap((follow) => {
      const story = docs.get(follow.storyId);
      return story && isPublicStory(story) && story.authorId !== userId ? [{ story, follow }] : [];
    });
    const facts = await Promise.all(
      told.map(({ story, follow }) => this.followedFacts(story, follow, userId, reads)),
    );
    return { stories: told.map(({ story }) => story), facts };
  }

  private async followedFacts(
    story: StoryDoc,
    follow: ChosenFollow,
    userId: string,
    reads: ReadMarks,
  ): Promise<FollowedFacts> {
    const since = laterOf(follow.since, readUpTo(reads, followedCommentsId(story._id)));
    const [hourly, comments] = await Promise.all([
      story.totalVotes > 0 ? this.deps.timeline.hourly(story._id) : [],
      story.commentCount > 0
        ? this.deps.comments.after(story._id, since, NEW_COMMENTS_COUNTED)
        : { items: [] },
    ]);
    // The follower's own comments are no news to them.
    const byOthers = comments.items.filter((comment) => comment.authorId !== userId);
    const newest = byOthers.at(-1);
    return {
      storyId: story._id,
      label: storyLabelOf(story, userId) ?? '',
      since: follow.since,
      majority: follow.majority,
      hourlyVotes: hourly,
      newComments: newest ? { count: byOthers.length, newestAt: newest.createdAt } : null,
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
