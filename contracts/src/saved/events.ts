import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import { storyIdSchema, userIdSchema } from '../shared/ids';

/**
 * Whether one member keeps one story in their saved list: the `savedStory-{storyId}-{userId}`
 * stream. Saving what is saved, or unsaving what is not, appends nothing. Neither carries any
 * of the member's writing: once the member is forgotten, the read model drops their list.
 */
export const savedStoryEvents = {
  StorySaved: defineEvent('StorySaved', z.object({ storyId: storyIdSchema, userId: userIdSchema })),
  StoryUnsaved: defineEvent(
    'StoryUnsaved',
    z.object({ storyId: storyIdSchema, userId: userIdSchema }),
  ),
};

export type SavedStoryEvent = EventOf<(typeof savedStoryEvents)[keyof typeof savedStoryEvents]>;

export const savedStoryStream = (storyId: string, userId: string) =>
  `savedStory-${storyId}-${userId}`;
