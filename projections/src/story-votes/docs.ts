import type { VoteChoice } from '@whosright/contracts/story/events';
import type { Doc } from '../store/port';

export const STORY_VOTES = 'story-votes';
export const STORY_VOTE_DOCS = 'votes';

/** One member's vote on one story; its id is `storyVoteId(storyId, userId)`. */
export interface StoryVoteDoc extends Doc {
  vote: VoteChoice;
  votedAt: string;
}

export const storyVoteId = (storyId: string, userId: string) => `${storyId}:${userId}`;
