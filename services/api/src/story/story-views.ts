import type {
  AdminStory,
  DashboardStory,
  FeedStory,
  MyStory,
  StoryCard,
  StoryView,
} from '@whosright/contracts/story/dto';
import type { Verdict } from '@whosright/contracts/story/rules';
import type { StoryDoc } from '@whosright/projections/stories/docs';

export function toCard(doc: StoryDoc): StoryCard {
  return {
    id: doc._id,
    content: doc.content,
    category: doc.category,
    status: doc.status,
    createdAt: doc.createdAt,
    heVotes: doc.heVotes,
    sheVotes: doc.sheVotes,
    commentCount: doc.commentCount,
    reactions: {
      relatable: doc.reactions.relatable,
      lol: doc.reactions.lol,
      wtf: doc.reactions.wtf,
    },
  };
}

/** A feed card, with its verdict when the reader may see it (`feedVerdict`). */
export function toFeedStory(doc: StoryDoc, verdict: Verdict | null): FeedStory {
  // Set on the fresh card, not spread into a copy nor added by Object.assign: both cost the feed
  // a quarter or more of its throughput (see the performance notes).
  const card = toCard(doc) as FeedStory;
  card.verdict = verdict;
  return card;
}

/** skipRate is a decimal string, as the admin lists show it, e.g. "0.25". */
export function toAdminStory(doc: StoryDoc, author: AdminStory['author']): AdminStory {
  return {
    ...toCard(doc),
    author,
    skipRate: doc.skipRate.toFixed(4),
    viewCount: doc.viewCount,
    skipCount: doc.skipCount,
    revision: doc.revision ?? 1,
    resubmittedAt: doc.resubmittedAt ?? null,
    ...(doc.automodMatch ? { automodMatch: doc.automodMatch } : {}),
  };
}

/** What is the viewer's own on a story: their vote, reactions, save and follow. */
export type ViewersOwn = Pick<StoryView, 'myVote' | 'myReactions' | 'saved' | 'following'>;

/** A reader's story: the card, their vote, reactions, save and follow, and whether they wrote it. */
export function toStoryView(
  doc: StoryDoc,
  own: ViewersOwn,
  viewerId: string | undefined,
): StoryView {
  return { ...toCard(doc), ...own, isOwn: doc.authorId === viewerId };
}

export function toDashboardStory(doc: StoryDoc): DashboardStory {
  return { ...toCard(doc), totalVotes: doc.totalVotes, votingScore: doc.votingScore };
}

/** The author's own card: why a moderator rejected or hid it, when they said, and whether it can be resubmitted. */
export function toMyStory(doc: StoryDoc): MyStory {
  return {
    ...toCard(doc),
    moderationReason: doc.moderationReason ?? null,
    resubmittable: doc.status === 'rejected' && doc.published !== true,
  };
}
