import type { ReactionType, StoryStatus } from '@whosright/contracts/story/events';
import type { Doc } from '../store/port';

export const STORIES = 'stories';
/** The story cards: one document per story with everything the lists show. */
export const STORY_CARDS = 'stories';
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
  /** Derived when projected. */
  totalVotes: number;
  votingScore: number;
  skipRate: number;
  /** Approved with enough views for its skip rate to mean something. */
  rankable: boolean;
}

/** The pool document counting the approved stories (`count`). */
export const POOL_META_ID = 'approved';

/**
 * The pool document naming the story in one slot of the dense random pool: a random story is
 * two lookups by id (this and the count), each one lookup by id.
 */
export function poolSlotId(slot: number): string {
  return `slot-${slot}`;
}

/** A document of the `pool` collection: a slot (`storyId`) or the count (`count`). */
export interface PoolDoc extends Doc {
  storyId?: string;
  count?: number;
}
