import type { ReactionType, StoryStatus } from '@whosright/contracts/story/events';
import type { StoryFeedSort } from '@whosright/contracts/story/dto';
import type { Doc, Filter, Sort } from '../store/port';

/**
 * The stories read model, and its collection of story cards, named alike: one document per story
 * with everything the lists show.
 */
export const STORIES = 'stories';
/** The random pool: one document per slot, and the count. */
export const POOL = 'pool';

export interface StoryDoc extends Doc {
  authorId: string;
  content: string;
  category: string;
  status: StoryStatus;
  createdAt: string;
  heVotes: number;
  sheVotes: number;
  commentCount: number;
  reactions: Record<ReactionType, number>;
  viewCount: number;
  skipCount: number;
  engageCount: number;
  /** Why a moderator rejected or hid it, when they said; absent otherwise. */
  moderationReason?: string;
  /** It was approved once: its author cannot resubmit it with other text after a rejection. */
  published?: true;
  /** The text's version, 2 or more once the author resubmitted it; absent: the first. */
  revision?: number;
  /** When the author last resubmitted it; absent if never. */
  resubmittedAt?: string;
  /** The automod rule its text matched when last submitted: the moderation queue shows it. */
  automodMatch?: string;
  /** Derived when projected. */
  totalVotes: number;
  votingScore: number;
  skipRate: number;
  /** Approved with enough views for its skip rate to mean something. */
  rankable: boolean;
  /** Enough votes (DIVISIVE_MIN_VOTES) to rank among the most divisive. */
  divisive: boolean;
  /** How far the split is from 50/50: |he - she| / total, 0 for an even split, 1 without votes. */
  voteGap: number;
}

/** The home feed's orders, each served by an index on `status` (and `category`) then these. */
export const FEED_ORDERS = {
  newest: { where: {}, sort: [['createdAt', -1]] },
  votes: {
    where: {},
    sort: [
      ['totalVotes', -1],
      ['createdAt', -1],
    ],
  },
  divisive: {
    where: { divisive: true },
    sort: [
      ['voteGap', 1],
      ['totalVotes', -1],
    ],
  },
} as const satisfies Record<StoryFeedSort, { where: Filter; sort: Sort }>;

/** The pool document counting the approved stories (`count`). */
export const POOL_META_ID = 'approved';

/**
 * The pool document naming the story in one slot of the dense random pool: a random story is
 * two lookups by id (this and the count), each one lookup by id.
 */
export function poolSlotId(slot: number): string {
  return `slot-${slot}`;
}

/** The pool document holding the slot of one pooled story (`slot`). */
export function pooledStoryId(storyId: string): string {
  return `story-${storyId}`;
}

/** A document of the `pool` collection: a slot (`storyId`), a story's slot (`slot`) or the count. */
export interface PoolDoc extends Doc {
  storyId?: string;
  slot?: number;
  count?: number;
}
