import { z } from 'zod';
import { STORY_CATEGORIES } from './category-list';

export { STORY_CATEGORIES, categoryLabel } from './category-list';

export const storyCategorySchema = z.enum(
  STORY_CATEGORIES.map((c) => c.value) as [
    (typeof STORY_CATEGORIES)[number]['value'],
    ...(typeof STORY_CATEGORIES)[number]['value'][],
  ],
);
export type StoryCategory = z.infer<typeof storyCategorySchema>;
