import { z } from 'zod';
import { storyCategorySchema } from '../shared/categories';
import { commentIdSchema, ruleIdSchema, storyIdSchema, userIdSchema } from '../shared/ids';
import { cursorSchema, pageLimitSchema } from '../shared/page';
import { storyStatusSchema } from '../story/events';
import { MODERATION_ACTIONS } from './actions';

export { MODERATION_ACTIONS } from './actions';

export const moderationActionSchema = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

export const moderationTargetTypeSchema = z.enum(['story', 'comment', 'user', 'rule']);
export type ModerationTargetType = z.infer<typeof moderationTargetTypeSchema>;

/**
 * Who decided: an admin in the app, the `npm run admin` command line, the ADMIN_EMAILS setting
 * (these two have no actor), or a story's author deleting it, its comments going with it (the
 * actor is the author: not moderation, listed so no one reads the removal as an admin's).
 */
export const moderationSourceSchema = z.enum(['admin', 'cli', 'admin_emails', 'author']);
export type ModerationSource = z.infer<typeof moderationSourceSchema>;

const targetIdSchema = z.union([storyIdSchema, commentIdSchema, userIdSchema, ruleIdSchema], {
  error: 'Invalid target id',
});

/** GET /api/admin/moderation-log: every filter optional, newest first, cursor pages. */
export const moderationLogQuerySchema = z.strictObject({
  actor: userIdSchema.optional(),
  action: moderationActionSchema.optional(),
  targetType: moderationTargetTypeSchema.optional(),
  targetId: targetIdSchema.optional(),
  before: z.iso.datetime({ offset: true }).optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type ModerationLogQuery = z.infer<typeof moderationLogQuerySchema>;

export const moderationLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  source: moderationSourceSchema,
  action: moderationActionSchema,
  /** label: a story or comment excerpt (100 characters) or the user's display name. */
  target: z.object({ type: moderationTargetTypeSchema, id: z.string(), label: z.string() }),
  /** The member the decision is about: the account, or who wrote the story or comment. */
  memberId: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const moderationLogPageSchema = z.object({
  items: z.array(moderationLogEntrySchema),
  nextCursor: z.string().nullable(),
});

export const storyHistoryParamsSchema = z.object({ id: storyIdSchema });

const personSchema = z.object({ id: z.string(), displayName: z.string() }).nullable();

/** One step of a story's life, from its own stream; each version of the text is a step. */
export const storyHistoryStepSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('submitted'),
    at: z.string(),
    by: personSchema,
    content: z.string(),
    category: storyCategorySchema,
  }),
  z.object({
    type: z.literal('resubmitted'),
    at: z.string(),
    by: personSchema,
    revision: z.number(),
    content: z.string(),
    category: storyCategorySchema,
  }),
  z.object({
    type: z.literal('status'),
    at: z.string(),
    by: personSchema,
    from: storyStatusSchema,
    to: storyStatusSchema,
    reason: z.string().nullable(),
  }),
  z.object({
    type: z.literal('deleted'),
    at: z.string(),
    by: personSchema,
    byAdmin: z.boolean(),
    reason: z.string().nullable(),
  }),
  /** A comment on the story edited by its author: the text it had, and the text it got. */
  z.object({
    type: z.literal('commentEdited'),
    at: z.string(),
    by: personSchema,
    commentId: z.string(),
    previous: z.string(),
    content: z.string(),
  }),
]);
export type StoryHistoryStep = z.infer<typeof storyHistoryStepSchema>;

/** GET /api/admin/stories/{id}/history: the story's life and, while it exists, its tallies. */
export const storyHistorySchema = z.object({
  story: z.object({
    id: z.string(),
    category: storyCategorySchema,
    content: z.string(),
    status: storyStatusSchema.or(z.literal('deleted')),
  }),
  steps: z.array(storyHistoryStepSchema),
  tallies: z
    .object({
      heVotes: z.number(),
      sheVotes: z.number(),
      commentCount: z.number(),
      viewCount: z.number(),
      skipCount: z.number(),
    })
    .nullable(),
});
export type StoryHistory = z.infer<typeof storyHistorySchema>;
