import { describe, expect, it } from 'vitest';
import { parseStoryChange } from './story-changes';

describe('parseStoryChange', () => {
  it('when a change of each kind goes between processes it reads back as it was sent', () => {
    for (const kind of ['votes', 'comments', 'timeline', 'moderation'] as const) {
      const change = { storyId: 'story_a', kind };
      expect(parseStoryChange(JSON.stringify(change))).toEqual(change);
    }
  });

  it('when anything else is on the channel it is left out', () => {
    for (const text of ['nonsense', 'null', '{"storyId":"s","kind":"views"}', '{"kind":"votes"}'])
      expect(parseStoryChange(text), text).toBeUndefined();
  });
});
