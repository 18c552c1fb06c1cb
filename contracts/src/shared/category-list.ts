/**
 * The seven story categories, in display order, and their labels. Free of zod, so the
 * web app's first load can show them without the validation library (categories.ts adds the schema).
 */
export const STORY_CATEGORIES = [
  { value: 'household', label: 'Household Chores' },
  { value: 'money', label: 'Money & Finances' },
  { value: 'family', label: 'Family & Friends' },
  { value: 'communication', label: 'Communication' },
  { value: 'lifestyle', label: 'Lifestyle & Habits' },
  { value: 'relationships', label: 'Relationships' },
  { value: 'other', label: 'Other' },
] as const;

const labels = new Map<string, string>(STORY_CATEGORIES.map((c) => [c.value, c.label]));

/** The label for a category value; unknown values fall back to 'Other'. */
export function categoryLabel(value: string): string {
  return labels.get(value) ?? 'Other';
}
