import { z } from 'zod';
import { automodMatchSchema } from '../automod/events';
import { storyCategorySchema } from '../shared/categories';
import { defineEvent, type EventOf } from '../shared/events';
import { DELETED_TEXT, type Forgetting, MODERATORS_WORDS } from '../shared/forgetting';
import { storyIdSchema, userIdSchema } from '../shared/ids';

export const storyStatusSchema = z.enum(['pending', 'approved', 'rejected', 'hidden']);
export type StoryStatus = z.infer<typeof storyStatusSchema>;

export const voteChoiceSchema = z.enum(['he', 'she']);
export type VoteChoice = z.infer<typeof voteChoiceSchema>;

export const reactionTypeSchema = z.enum(['relatable', 'lol', 'wtf']);
export type ReactionType = z.infer<typeof reactionTypeSchema>;

export const trackActionSchema = z.enum(['view', 'skip', 'engage']);
export type TrackAction = z.infer<typeof trackActionSchema>;

/** Events of a `story-{id}` stream. */
/**
 * A story's text, each revision: deleted text once its author left, or once it is among the
 * stories a forgotten member wrote.
 */
function storyTextForgetting<
  D extends { storyId: string; authorId: string; content: string },
>(): Forgetting<D> {
  return {
    forget(data, forgotten) {
      const gone = forgotten.users.has(data.authorId) || forgotten.stories.has(data.storyId);
      return gone ? { ...data, content: DELETED_TEXT } : data;
    },
  };
}

export const storyEvents = {
  StorySubmitted: defineEvent(
    'StorySubmitted',
    z.object({
      storyId: storyIdSchema,
      authorId: userIdSchema,
      content: z.string().min(1),
      category: storyCategorySchema,
      /** The automod rule its text matched: the moderation queue shows it. */
      automod: automodMatchSchema.optional(),
    }),
    { forgetting: storyTextForgetting() },
  ),
  /**
   * The author edited their rejected story and sent it back to the queue: the text and category
   * replace the last ones, and `revision` counts the versions (the submission is revision 1).
   */
  StoryResubmitted: defineEvent(
    'StoryResubmitted',
    z.object({
      storyId: storyIdSchema,
      authorId: userIdSchema,
      content: z.string().min(1),
      category: storyCategorySchema,
      revision: z.number().int().min(2),
      automod: automodMatchSchema.optional(),
    }),
    { forgetting: storyTextForgetting() },
  ),
  /** An admin moved the story between pending, approved, rejected and hidden. */
  StoryModerated: defineEvent(
    'StoryModerated',
    z.object({
      storyId: storyIdSchema,
      moderatorId: userIdSchema,
      from: storyStatusSchema,
      to: storyStatusSchema,
      reason: z.string().nullable(),
    }),
    { forgetting: MODERATORS_WORDS },
  ),
  StoryDeleted: defineEvent(
    'StoryDeleted',
    z.object({
      storyId: storyIdSchema,
      authorId: userIdSchema,
      deletedBy: userIdSchema,
      byAdmin: z.boolean(),
      /** What the admin wrote, when they did (absent in older events). */
      reason: z.string().optional(),
    }),
    { forgetting: MODERATORS_WORDS },
  ),
  /**
   * Every comment of the deleted story has been removed. Until this follows a
   * StoryDeleted, the removal is unfinished and is resumed at the next start.
   */
  StoryCommentsRemoved: defineEvent(
    'StoryCommentsRemoved',
    z.object({ storyId: storyIdSchema, count: z.number().int().min(0) }),
  ),
};

/** The one vote of a user on a story: the whole `storyVote-{storyId}-{userId}` reservation stream. */
export const storyVoteEvents = {
  StoryVoteCast: defineEvent(
    'StoryVoteCast',
    z.object({ storyId: storyIdSchema, userId: userIdSchema, vote: voteChoiceSchema }),
  ),
};

/**
 * What one visitor did with one story: a `storyActivity-{storyId}-{visitorKey}` stream of at most
 * one view, one skip (counted or not) and one engage, so counts stay exact without scanning anything.
 */
export const storyActivityEvents = {
  StoryViewed: defineEvent(
    'StoryViewed',
    z.object({ storyId: storyIdSchema, visitorKey: z.string().min(1) }),
  ),
  StorySkipped: defineEvent(
    'StorySkipped',
    z.object({ storyId: storyIdSchema, visitorKey: z.string().min(1) }),
  ),
  /**
   * A visitor skipped the story from an address whose anonymous skip of it was counted already
   * today: the story stays out of this visitor's draws, and its skip count does not move.
   */
  StorySkippedAgainFromAddress: defineEvent(
    'StorySkippedAgainFromAddress',
    z.object({ storyId: storyIdSchema, visitorKey: z.string().min(1) }),
  ),
  StoryEngaged: defineEvent(
    'StoryEngaged',
    z.object({ storyId: storyIdSchema, visitorKey: z.string().min(1) }),
  ),
};

/**
 * The anonymous views and skips of one story from one client address in one day:
 * `storyAddress-{storyId}-{addressKey}`, the key a salted hash of the address that changes
 * daily. Read-model counts come from the activity streams; this only keeps them honest.
 */
export const storyAddressEvents = {
  AnonymousTrackCounted: defineEvent(
    'AnonymousTrackCounted',
    z.object({ storyId: storyIdSchema, action: z.enum(['view', 'skip']) }),
  ),
};

/** A user's reactions to one story: `storyReaction-{storyId}-{userId}`. */
export const storyReactionEvents = {
  StoryReactionAdded: defineEvent(
    'StoryReactionAdded',
    z.object({ storyId: storyIdSchema, userId: userIdSchema, reaction: reactionTypeSchema }),
  ),
  StoryReactionRemoved: defineEvent(
    'StoryReactionRemoved',
    z.object({ storyId: storyIdSchema, userId: userIdSchema, reaction: reactionTypeSchema }),
  ),
};

/**
 * The approved stories as a dense array of slots 0..n-1 (the `storyPool-approved` stream), so a
 * random story is one lookup of slot floor(random * n): uniform, and no scan. Removing a story
 * moves the last one into its slot.
 */
export const storyPoolEvents = {
  StoryPooled: defineEvent(
    'StoryPooled',
    z.object({ storyId: storyIdSchema, slot: z.number().int().min(0) }),
  ),
  StoryUnpooled: defineEvent(
    'StoryUnpooled',
    z.object({
      storyId: storyIdSchema,
      slot: z.number().int().min(0),
      moved: z.object({ storyId: storyIdSchema, from: z.number().int().min(0) }).nullable(),
    }),
  ),
};

export type StoryPoolEvent = EventOf<(typeof storyPoolEvents)[keyof typeof storyPoolEvents]>;
export type StoryEvent = EventOf<(typeof storyEvents)[keyof typeof storyEvents]>;
export type StoryVoteEvent = EventOf<(typeof storyVoteEvents)[keyof typeof storyVoteEvents]>;
export type StoryActivityEvent = EventOf<
  (typeof storyActivityEvents)[keyof typeof storyActivityEvents]
>;
export type StoryAddressEvent = EventOf<
  (typeof storyAddressEvents)[keyof typeof storyAddressEvents]
>;
export type StoryReactionEvent = EventOf<
  (typeof storyReactionEvents)[keyof typeof storyReactionEvents]
>;
