import { z } from 'zod';

/** Story categories from SPEC.md section 3, in display order. */
export const STORY_CATEGORIES = [
  { value: 'household', label: 'Household Chores' },
  { value: 'money', label: 'Money & Finances' },
  { value: 'family', label: 'Family & Friends' },
  { value: 'communication', label: 'Communication' },
  { value: 'lifestyle', label: 'Lifestyle & Habits' },
  { value: 'relationships', label: 'Relationships' },
  { value: 'other', label: 'Other' },
] as const;

export const storyCategorySchema = z.enum(
  STORY_CATEGORIES.map((c) => c.value) as [
    (typeof STORY_CATEGORIES)[number]['value'],
    ...(typeof STORY_CATEGORIES)[number]['value'][],
  ],
);
export type StoryCategory = z.infer<typeof storyCategorySchema>;

const labels = new Map<string, string>(STORY_CATEGORIES.map((c) => [c.value, c.label]));

/** The label for a category value; unknown values fall back to 'Other'. */
export function categoryLabel(value: string): string {
  return labels.get(value) ?? 'Other';
}
