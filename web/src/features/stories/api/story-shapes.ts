/** The reader's story responses, checked with the small shapes (lib/shape.ts). */
import type { z } from 'zod';
import type {
  castVoteResponseSchema,
  FeedStory,
  randomStorySchema,
  StoryCard,
  StoryFeed,
  StoryView,
} from '@whosright/contracts/story/dto';
import type { ReactionType, VoteChoice } from '@whosright/contracts/story/events';

import { array, boolean, nullable, number, object, oneOf, string } from '#web/lib/shape.ts';

const voteChoice = oneOf<VoteChoice>({ he: true, she: true });
const reactionType = oneOf<ReactionType>({ relatable: true, lol: true, wtf: true });

const cardFields = {
  id: string,
  content: string,
  category: string,
  status: oneOf<StoryCard['status']>({
    pending: true,
    approved: true,
    rejected: true,
    hidden: true,
  }),
  createdAt: string,
  heVotes: number,
  sheVotes: number,
  commentCount: number,
  reactions: object<StoryCard['reactions']>({ relatable: number, lol: number, wtf: number }),
};

export const storyCardShape = object<StoryCard>(cardFields);
export const storyViewShape = object<StoryView>({
  ...cardFields,
  myVote: nullable(voteChoice),
  myReactions: array(reactionType),
  saved: boolean,
  following: boolean,
  isOwn: boolean,
});
export const reactionCountsShape = cardFields.reactions;
const verdictShape = object<NonNullable<FeedStory['verdict']>>({
  leader: nullable(voteChoice),
  percent: number,
});
export const feedStoryShape = object<FeedStory>({ ...cardFields, verdict: nullable(verdictShape) });
export const storyFeedShape = object<StoryFeed>({
  items: array(feedStoryShape),
  nextCursor: nullable(string),
});
export const randomStoryShape = object<z.infer<typeof randomStorySchema>>({ id: nullable(string) });
export const castVoteResponseShape = object<z.infer<typeof castVoteResponseSchema>>({
  vote: object({ vote: voteChoice }),
  story: storyCardShape,
});
