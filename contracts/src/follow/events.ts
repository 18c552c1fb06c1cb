import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import { storyIdSchema, userIdSchema } from '../shared/ids';

/** The side ahead on a story, or nobody on a tie (or before any vote). */
const majoritySchema = z.enum(['he', 'she']).nullable();

const IDS_ONLY = {
  keeps: 'a member and a story by id, and a side: nothing a person wrote or is known by',
} as const;

/**
 * Whether one member follows one story: the `storyFollow-{storyId}-{userId}` stream. A story's
 * author follows it from its approval on without an event; the stream holds the choices made
 * with the toggle. Following what is followed, or unfollowing what is not, appends nothing.
 * Neither carries any of the member's writing, and the read model drops a member's follows
 * with their account.
 */
export const storyFollowEvents = {
  StoryFollowed: defineEvent(
    'StoryFollowed',
    z.object({
      storyId: storyIdSchema,
      userId: userIdSchema,
      /** The side ahead when they followed: a flip is a change from it. */
      majority: majoritySchema,
    }),
    { forgetting: IDS_ONLY },
  ),
  StoryUnfollowed: defineEvent(
    'StoryUnfollowed',
    z.object({ storyId: storyIdSchema, userId: userIdSchema }),
    { forgetting: IDS_ONLY },
  ),
};

export type StoryFollowEvent = EventOf<(typeof storyFollowEvents)[keyof typeof storyFollowEvents]>;

export const storyFollowStream = (storyId: string, userId: string) =>
  `storyFollow-${storyId}-${userId}`;
