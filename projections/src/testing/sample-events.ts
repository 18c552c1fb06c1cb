import { z } from 'zod';
import { storyCategorySchema } from '@whosright/contracts/shared/categories';
import { defineEvent, eventCatalog, type EventOf } from '@whosright/contracts/shared/events';
import type { RecordedEvent } from '@whosright/eventstore/port';

/**
 * A realistic stand-in for the story / vote / comment events that arrive in a later issue: the
 * runner, replay and bench are exercised on these until the real ones exist.
 */
export const sampleEvents = {
  StorySubmitted: defineEvent(
    'StorySubmitted',
    z.object({
      storyId: z.string(),
      authorId: z.string(),
      category: storyCategorySchema,
      content: z.string(),
      submittedAt: z.string(),
    }),
  ),
  StoryApproved: defineEvent('StoryApproved', z.object({ storyId: z.string() })),
  StoryVoteCast: defineEvent(
    'StoryVoteCast',
    z.object({ storyId: z.string(), userId: z.string(), vote: z.enum(['he', 'she']) }),
  ),
  StoryViewed: defineEvent('StoryViewed', z.object({ storyId: z.string(), visitorId: z.string() })),
  StorySkipped: defineEvent(
    'StorySkipped',
    z.object({ storyId: z.string(), visitorId: z.string() }),
  ),
  CommentPosted: defineEvent(
    'CommentPosted',
    z.object({
      commentId: z.string(),
      storyId: z.string(),
      authorId: z.string(),
      content: z.string(),
    }),
  ),
};

export const sampleCatalog = eventCatalog(sampleEvents);

type Defs = typeof sampleEvents;
export type SampleEvent = Omit<RecordedEvent, 'type' | 'data'> &
  { [K in keyof Defs]: EventOf<Defs[K]> }[keyof Defs];
