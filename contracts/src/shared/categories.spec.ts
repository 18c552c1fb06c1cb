import { describe, expect, it } from 'vitest';
import { STORY_CATEGORIES, categoryLabel, storyCategorySchema } from './categories';

describe('story categories', () => {
  it('when listed they are the seven product categories with their labels', () => {
    expect(STORY_CATEGORIES.map((c) => `${c.value}: ${c.label}`)).toEqual([
      'household: Household Chores',
      'money: Money & Finances',
      'family: Family & Friends',
      'communication: Communication',
      'lifestyle: Lifestyle & Habits',
      'relationships: Relationships',
      'other: Other',
    ]);
  });

  it('when a value is unknown the schema rejects it and the label falls back to Other', () => {
    expect(storyCategorySchema.safeParse('money').success).toBe(true);
    expect(storyCategorySchema.safeParse('Money').success).toBe(false);
    expect(categoryLabel('nope')).toBe('Other');
  });
});
