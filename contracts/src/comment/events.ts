import { z } from 'zod';
import { automodMatchSchema } from '../automod/events';
import { storyCategorySchema } from '../shared/categories';
import { defineEvent, type EventOf } from '../shared/events';
import { DELETED_TEXT, type Forgetting, MODERATORS_WORDS } from '../shared/forgetting';
import { commentIdSchema, storyIdSchema, userIdSchema } from '../shared/ids';

export const commentVoteChoiceSchema = z.enum(['up', 'down']);
export type CommentVoteChoice = z.infer<typeof commentVoteChoiceSchema>;

/** A comment as written: what posting it records, and what holding it keeps for approval. */
const writtenComment = {
  commentId: commentIdSchema,
  storyId: storyIdSchema,
  authorId: userIdSchema,
  content: z.string().min(1),
  story: z.object({ category: storyCategorySchema, content: z.string() }),
  /** The comment it answers (absent: a comment on the story itself). */
  parentId: commentIdSchema.optional(),
  /** Who wrote the comment it answers: whom the reply is news to. */
  parentAuthorId: userIdSchema.optional(),
};
type WrittenComment = z.infer<z.ZodObject<typeof writtenComment>>;

/**
 * A comment's text, deleted once its author left (or it is among a forgotten member's comments),
 * and the excerpt of the story it quotes, deleted once that story is a forgotten member's.
 */
function commentTextForgetting<D extends WrittenComment>(): Forgetting<D> {
  return {
    forget(data, forgotten) {
      const gone = forgotten.users.has(data.authorId) || forgotten.comments.has(data.commentId);
      const quotesForgotten = forgotten.stories.has(data.storyId);
      if (!gone && !quotesForgotten) return data;
      return {
        ...data,
        ...(gone ? { content: DELETED_TEXT } : {}),
        ...(quotesForgotten ? { story: { ...data.story, content: DELETED_TEXT } } : {}),
      };
    },
  };
}

/**
 * An edit's new text and the text it replaced, deleted once its author left (or it is among a
 * forgotten member's comments), as the comment's own text is.
 */
function editedTextForgetting<
  D extends { commentId: string; authorId: string; content: string; previous: string },
>(): Forgetting<D> {
  return {
    forget(data, forgotten) {
      const gone = forgotten.users.has(data.authorId) || forgotten.comments.has(data.commentId);
      return gone ? { ...data, content: DELETED_TEXT, previous: DELETED_TEXT } : data;
    },
  };
}

/** Events of a `comment-{id}` stream. The story's category and an excerpt travel with the comment for the profile and admin lists. */
export const commentEvents = {
  CommentPosted: defineEvent(
    'CommentPosted',
    z.object({
      ...writtenComment,
      /** An automod rule flagged it as it was posted: it is in the admin's Flagged tab. */
      flaggedBy: automodMatchSchema.optional(),
      /** It was held by an automod rule and posted when `approvedBy` approved it. */
      approvedBy: userIdSchema.optional(),
    }),
    { forgetting: commentTextForgetting() },
  ),
  /**
   * An automod rule held the comment as it was written: nobody but its author sees it until an
   * admin approves it (a CommentPosted follows) or deletes it (HeldCommentDeleted).
   */
  CommentHeld: defineEvent(
    'CommentHeld',
    z.object({
      ...writtenComment,
      heldBy: automodMatchSchema,
    }),
    { forgetting: commentTextForgetting() },
  ),
  /**
   * Its author changed the comment's text (`previous` is the text it replaced). An automod rule
   * that matches the new text flags it (`flaggedBy`) or holds it again (`heldBy`: nobody but its
   * author sees it until an admin approves the edit, an edit with `approvedBy`, or deletes it).
   */
  CommentEdited: defineEvent(
    'CommentEdited',
    z.object({
      commentId: commentIdSchema,
      storyId: storyIdSchema,
      authorId: userIdSchema,
      content: z.string().min(1),
      previous: z.string(),
      /** The comment it answers, when a reply (kept with it should a rule hold the edit). */
      parentId: commentIdSchema.optional(),
      flaggedBy: automodMatchSchema.optional(),
      heldBy: automodMatchSchema.optional(),
      /** The admin who approved a held edit: the text is shown again. */
      approvedBy: userIdSchema.optional(),
    }),
    { forgetting: editedTextForgetting() },
  ),
  HeldCommentDeleted: defineEvent(
    'HeldCommentDeleted',
    z.object({
      commentId: commentIdSchema,
      storyId: storyIdSchema,
      authorId: userIdSchema,
      deletedBy: userIdSchema,
      reason: z.string().optional(),
    }),
    { forgetting: MODERATORS_WORDS },
  ),
  CommentDeleted: defineEvent(
    'CommentDeleted',
    z.object({
      commentId: commentIdSchema,
      storyId: storyIdSchema,
      authorId: userIdSchema,
      deletedBy: userIdSchema,
      byAdmin: z.boolean(),
      /** What the admin wrote, when they did (absent in older events). */
      reason: z.string().optional(),
      /**
       * The comment went because its story was deleted, by `deletedBy` (an admin when `byAdmin`,
       * else the story's author). Absent on comments deleted by themselves, and on those swept
       * before it was recorded.
       */
      withStory: z.literal(true).optional(),
      /** The comment it answered, when it was a reply: that one has one reply fewer. */
      parentId: commentIdSchema.optional(),
    }),
    { forgetting: MODERATORS_WORDS },
  ),
  /**
   * An admin kept a flagged comment: the flag is dismissed and the comment stays. `downvotes` is
   * what it had then; only downvotes beyond those flag it again.
   */
  CommentKept: defineEvent(
    'CommentKept',
    z.object({
      commentId: commentIdSchema,
      storyId: storyIdSchema,
      authorId: userIdSchema,
      keptBy: userIdSchema,
      downvotes: z.number().int().nonnegative(),
      /** What the admin wrote, when they did. */
      reason: z.string().optional(),
    }),
    { forgetting: MODERATORS_WORDS },
  ),
};

/** One user's vote on one comment: `commentVote-{commentId}-{userId}`. `previous` lets projections move exactly one count. */
export const commentVoteEvents = {
  CommentVoteCast: defineEvent(
    'CommentVoteCast',
    z.object({
      commentId: commentIdSchema,
      storyId: storyIdSchema,
      userId: userIdSchema,
      vote: commentVoteChoiceSchema,
      previous: commentVoteChoiceSchema.nullable(),
    }),
  ),
  /** The voter took their vote back (a second click on it): the comment is back to neutral for them. */
  CommentVoteWithdrawn: defineEvent(
    'CommentVoteWithdrawn',
    z.object({
      commentId: commentIdSchema,
      storyId: storyIdSchema,
      userId: userIdSchema,
      previous: commentVoteChoiceSchema,
    }),
  ),
};

export type CommentEvent = EventOf<(typeof commentEvents)[keyof typeof commentEvents]>;
export type CommentVoteEvent = EventOf<(typeof commentVoteEvents)[keyof typeof commentVoteEvents]>;
