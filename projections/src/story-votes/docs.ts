import type { VoteChoice } from '@whosright/contracts/story/events';
import type { Doc } from '../store/port';

export const STORY_VOTES = 'story-votes';
export const STORY_VOTE_DOCS = 'votes';

export interface StoryVoteDoc extends Doc {
  storyId: string;
  userId: string;
  vote: VoteChoice;
  votedAt: string;
}

export const storyVoteId = (storyId: string, userId: string) => `${storyId}:${userId}`;
