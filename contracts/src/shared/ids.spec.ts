import { describe, expect, it } from 'vitest';
import { newId, storyIdSchema, commentIdSchema, userIdSchema, ulid } from './ids';

describe('ids', () => {
  it('when an id is made it carries its prefix and a 26-character sortable id', () => {
    expect(newId('story')).toMatch(/^story_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(newId('comment')).toMatch(/^comment_/);
    expect(newId('user')).toMatch(/^user_/);
  });

  it('when ids are made in sequence, even within one millisecond, they sort in creation order', () => {
    const ids = Array.from({ length: 2000 }, () => ulid(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const later = ulid(1_700_000_000_001);
    expect(later > ids[ids.length - 1]!).toBe(true);
  });

  it('when the time has a fraction of a millisecond the id is still valid', () => {
    expect(storyIdSchema.safeParse(newId('story', 1_700_000_000_000.75)).success).toBe(true);
  });

  it('when an id has the wrong prefix or shape the schema rejects it', () => {
    const story = newId('story');
    expect(storyIdSchema.safeParse(story).success).toBe(true);
    expect(commentIdSchema.safeParse(story).success).toBe(false);
    expect(userIdSchema.safeParse('user_123').success).toBe(false);
    expect(storyIdSchema.safeParse(`${story}'--`).success).toBe(false);
  });
});
