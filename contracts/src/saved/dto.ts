import { z } from 'zod';
import { feedStorySchema } from '../story/dto';

/** A story in the member's saved list, with when they saved it. */
export const savedStorySchema = feedStorySchema.extend({ savedAt: z.string() });
export type SavedStory = z.infer<typeof savedStorySchema>;

/** GET /api/users/saved: the member's saved stories that are still public, newest saved first. */
export const savedStoriesPageSchema = z.object({
  items: z.array(savedStorySchema),
  nextCursor: z.string().nullable(),
});
export type SavedStoriesPage = z.infer<typeof savedStoriesPageSchema>;

/** PUT and DELETE /api/stories/{id}/saved answer whether the story is saved now. */
export const savedStateSchema = z.object({ saved: z.boolean() });
export type SavedState = z.infer<typeof savedStateSchema>;
