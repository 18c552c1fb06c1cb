/** The reader's comment responses, checked with the small shapes (lib/shape.ts). */
import type { z } from 'zod';
import type { Comment, commentVoteCountsSchema } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';
import type { VoteChoice } from '@whosright/contracts/story/events';

import {
  array,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
} from '#web/lib/shape.ts';

const voteChoice = oneOf<CommentVoteChoice>({ up: true, down: true });

export const commentShape = object<Comment>({
  id: string,
  content: string,
  createdAt: string,
  upvotes: number,
  downvotes: number,
  author: object<Comment['author']>({
    id: string,
    username: nullable(string),
    firstName: nullable(string),
    lastName: nullable(string),
    profileImageUrl: nullable(string),
    email: optional(string),
  }),
  isOwn: boolean,
  myVote: nullable(voteChoice),
  side: nullable(oneOf<VoteChoice>({ he: true, she: true })),
  awaitingReview: optional(boolean),
  parentId: nullable(string),
  replyCount: number,
  byStoryAuthor: optional(boolean),
  editedAt: optional(string),
  deleted: optional(boolean),
});
export const commentListShape = array(commentShape);
export const commentVoteCountsShape = object<z.infer<typeof commentVoteCountsSchema>>({
  id: string,
  upvotes: number,
  downvotes: number,
  myVote: nullable(voteChoice),
});
