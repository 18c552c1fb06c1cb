import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '../shared/constants';
import { commentIdSchema } from '../shared/ids';
import { reasonBodySchema } from '../shared/moderation';
import { cursorSchema } from '../shared/page';
import { cleaned } from '../shared/text';
import { voteChoiceSchema } from '../story/events';
import { commentVoteChoiceSchema } from './events';

export const postCommentRequestSchema = z.strictObject({
  content: cleaned(
    z
      .string({ error: 'Comment content is required' })
      .trim()
      .min(1, 'Comment content is required')
      .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`),
  ),
  /** The comment this one answers: a reply. */
  parentId: commentIdSchema.optional(),
});
/** PATCH /api/comments/{id}: the comment's new text, by its author. */
export const editCommentRequestSchema = z.strictObject({
  content: postCommentRequestSchema.shape.content,
});
export const voteCommentRequestSchema = z.strictObject({ vote: commentVoteChoiceSchema });
export const commentIdParamsSchema = z.object({ id: commentIdSchema });

/** GET /api/stories/{id}/comments: pages of up to 100, oldest first (`Link: <...>; rel="next"`). */
export const STORY_COMMENTS_PAGE = 100;
export const storyCommentsQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(STORY_COMMENTS_PAGE).default(STORY_COMMENTS_PAGE),
});
/** DELETE /api/admin/comments/{id}: no body, or `{ reason? }`. */
export const deleteCommentRequestSchema = reasonBodySchema;
/** PATCH /api/admin/comments/{id}/keep: no body, or `{ reason? }`. */
export const keepCommentRequestSchema = reasonBodySchema;

/** The public author shape: no e-mail unless the caller is an admin. */
export const commentAuthorSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  email: z.string().optional(),
});
export type CommentAuthor = z.infer<typeof commentAuthorSchema>;

export const commentSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  upvotes: z.number(),
  downvotes: z.number(),
  author: commentAuthorSchema,
  isOwn: z.boolean(),
  myVote: commentVoteChoiceSchema.nullable(),
  /** The author's vote on the story; null when they have none, left, or keep it to themself. */
  side: voteChoiceSchema.nullable(),
  /** Held by an automod rule: only its author sees it, until an admin approves it. */
  awaitingReview: z.boolean().optional(),
  /** The comment it answers; null for a comment on the story itself. */
  parentId: z.string().nullable(),
  /** How many replies answer it directly. */
  replyCount: z.number(),
  /**
   * Written by the story's author on their own story: shown with the "Author" badge in place of a
   * name, which (with the avatar and id) only admins are sent; no side.
   */
  byStoryAuthor: z.boolean().optional(),
  /** When its author last edited it (absent: never edited). */
  editedAt: z.string().optional(),
  /** Deleted, kept as "[deleted]" (no author, no votes) because replies answer it. */
  deleted: z.boolean().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentVoteCountsSchema = z.object({
  id: z.string(),
  upvotes: z.number(),
  downvotes: z.number(),
  /** Null once the vote is withdrawn. */
  myVote: commentVoteChoiceSchema.nullable(),
});

/** A text a comment had before an edit replaced it, and when. */
export const commentVersionSchema = z.object({ content: z.string(), until: z.string() });
export type CommentVersion = z.infer<typeof commentVersionSchema>;

/** GET /api/users/comments: the member's own comments with their story (excerpt of 100 characters). */
export const myCommentSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  upvotes: z.number(),
  downvotes: z.number(),
  editedAt: z.string().optional(),
  story: z.object({ id: z.string(), category: z.string(), content: z.string() }),
});
export type MyComment = z.infer<typeof myCommentSchema>;

/** GET /api/admin/flagged-comments: a flagged comment, its author (with e-mail) and its story. */
export const flaggedCommentSchema = myCommentSchema.extend({
  author: commentAuthorSchema.nullable(),
  /** The texts its author's edits replaced, oldest first (absent: never edited). */
  earlierVersions: z.array(commentVersionSchema).optional(),
});
export type FlaggedComment = z.infer<typeof flaggedCommentSchema>;
