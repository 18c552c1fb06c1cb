import { z } from 'zod';
import { storyCategorySchema } from '../shared/categories';
import { RANDOM_EXCLUDE_MAX, STORY_MAX_LENGTH } from '../shared/constants';
import { storyIdSchema } from '../shared/ids';
import { moderationReasonSchema, reasonBodySchema } from '../shared/moderation';
import { cursorSchema, pageLimitSchema } from '../shared/page';
import { cleaned } from '../shared/text';
import type { Verdict } from './rules';
import {
  reactionTypeSchema,
  storyStatusSchema,
  trackActionSchema,
  voteChoiceSchema,
} from './events';

export const submitStoryRequestSchema = z.strictObject({
  content: cleaned(
    z
      .string({ error: 'Story content is required' })
      .trim()
      .min(1, 'Story content is required')
      .max(STORY_MAX_LENGTH, `Story must be at most ${STORY_MAX_LENGTH} characters`),
  ),
  category: storyCategorySchema,
});

/** POST /api/stories/{id}/resubmit: the edited text and category, checked as a submission. */
export const resubmitStoryRequestSchema = submitStoryRequestSchema;

export const castVoteRequestSchema = z.strictObject({ vote: voteChoiceSchema });
export const trackRequestSchema = z.strictObject({ action: trackActionSchema });
export const reactRequestSchema = z.strictObject({ type: reactionTypeSchema });
export const moderateStoryRequestSchema = z.strictObject({
  status: storyStatusSchema,
  reason: moderationReasonSchema,
});
/** DELETE /api/admin/stories/{id}: no body, or `{ reason? }`. */
export const deleteStoryRequestSchema = reasonBodySchema;

export const storyIdParamsSchema = z.object({ id: storyIdSchema });
/** PUT and DELETE /api/stories/{id}/reactions/{type}: give or withdraw one reaction. */
export const storyReactionParamsSchema = z.object({ id: storyIdSchema, type: reactionTypeSchema });

/** The home feed's orders: newest first, most votes first, closest to 50/50 first. */
export const storyFeedSortSchema = z.enum(['newest', 'votes', 'divisive']);
export type StoryFeedSort = z.infer<typeof storyFeedSortSchema>;

export const storyFeedQuerySchema = z.strictObject({
  category: storyCategorySchema.optional(),
  sort: storyFeedSortSchema.default('newest'),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});

/**
 * GET /api/stories/random?exclude=...: the stories the draw leaves out, comma-separated (the
 * current story first, then the skips the browser is still sending).
 */
export const randomStoryQuerySchema = z.strictObject({
  exclude: z
    .string()
    .transform((list) => list.split(','))
    .pipe(z.array(storyIdSchema).min(1).max(RANDOM_EXCLUDE_MAX))
    .optional(),
});

export const reactionCountsSchema = z.object({
  relatable: z.number(),
  lol: z.number(),
  wtf: z.number(),
});
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

/** A story as every screen shows it: its text, status, vote tallies, comments and reactions. */
export const storyCardSchema = z.object({
  id: z.string(),
  content: z.string(),
  category: z.string(),
  status: storyStatusSchema,
  createdAt: z.string(),
  heVotes: z.number(),
  sheVotes: z.number(),
  commentCount: z.number(),
  reactions: reactionCountsSchema,
});
export type StoryCard = z.infer<typeof storyCardSchema>;

/** Who is ahead on a story and by what share (`feedVerdict`); a tie leads nobody at 50%. */
export const verdictSchema = z.object({
  leader: voteChoiceSchema.nullable(),
  percent: z.number(),
}) satisfies z.ZodType<Verdict>;

/**
 * A card in the home feed: with its verdict for a reader who voted on it, or for everyone once
 * the story is old enough with enough votes; null otherwise.
 */
export const feedStorySchema = storyCardSchema.extend({ verdict: verdictSchema.nullable() });
export type FeedStory = z.infer<typeof feedStorySchema>;

export const storyFeedSchema = z.object({
  items: z.array(feedStorySchema),
  nextCursor: z.string().nullable(),
});
export type StoryFeed = z.infer<typeof storyFeedSchema>;

/** A random story's id; null when the viewer has voted on or skipped every story. */
export const randomStorySchema = z.object({ id: z.string().nullable() });
export const myVoteSchema = z.object({ vote: voteChoiceSchema }).nullable();
/**
 * GET /api/stories/{id}: the card, the viewer's own vote (null for a visitor or before they
 * vote), the reactions they gave (none for a visitor), whether they saved it and whether they
 * follow it (both false for a visitor; its author follows it from its approval on, unless they
 * unfollowed it) and whether they wrote it (`isOwn`: the card says "Your story" with its status
 * and offers no Report), so a reader's story costs one call.
 */
export const storyViewSchema = storyCardSchema.extend({
  myVote: voteChoiceSchema.nullable(),
  myReactions: z.array(reactionTypeSchema),
  saved: z.boolean(),
  following: z.boolean(),
  isOwn: z.boolean(),
});
export type StoryView = z.infer<typeof storyViewSchema>;

export const castVoteResponseSchema = z.object({
  vote: z.object({ vote: voteChoiceSchema }),
  story: storyCardSchema,
});

/**
 * Admin views add the activity figures; skipRate is a decimal string. `revision` is 1 for a
 * story as first submitted, more once its author resubmitted it (`resubmittedAt`: last time).
 */
export const adminStorySchema = storyCardSchema.extend({
  /** Who wrote it (admins only): null once the account is gone from the users read model. */
  author: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  skipRate: z.string(),
  viewCount: z.number(),
  skipCount: z.number(),
  revision: z.number(),
  resubmittedAt: z.string().nullable(),
  /** The automod rule its text matched when it was last submitted (absent: none). */
  automodMatch: z.string().optional(),
});
export type AdminStory = z.infer<typeof adminStorySchema>;

export const dashboardStorySchema = storyCardSchema.extend({
  totalVotes: z.number(),
  votingScore: z.number(),
});
export type DashboardStory = z.infer<typeof dashboardStorySchema>;

/** GET /api/users/stories: the author's own stories in every status, with the moderator's reason. */
export const myStorySchema = storyCardSchema.extend({
  moderationReason: z.string().nullable(),
  /** Rejected before it was ever published: its author may edit and resubmit it. */
  resubmittable: z.boolean(),
});
export type MyStory = z.infer<typeof myStorySchema>;

/**
 * GET /api/stories/{id}/timeline: the cumulative He / She counts at the end of each hour (votes
 * spread over at most 72 hours) or day, oldest first, and the points where the lead changed
 * hands (the leader has more votes so far; a tie leads nobody and flips nothing).
 */
export const storyTimelineResponseSchema = z.object({
  granularity: z.enum(['hour', 'day']),
  points: z.array(z.object({ at: z.string(), he: z.number(), she: z.number() })),
  flips: z.array(z.object({ at: z.string(), leader: voteChoiceSchema })),
});
export type StoryTimeline = z.infer<typeof storyTimelineResponseSchema>;
