import { describe, expect, it } from 'vitest';
import { savedStory } from './decider';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const userId = 'user_01ARZ3NDEKTSV4RRFFQ69G5FAW';
const given = (...types: Array<'StorySaved' | 'StoryUnsaved'>) =>
  types.reduce(
    (state, type) => savedStory.evolve(state, { type, data: { storyId, userId } }),
    savedStory.initialState(),
  );

describe('saved story decider', () => {
  it('when a member saves a story not saved it is saved', () => {
    expect(savedStory.decide({ type: 'SaveStory', storyId, userId }, given())).toEqual([
      { type: 'StorySaved', data: { storyId, userId } },
    ]);
  });

  it('when a member saves a story already saved nothing is appended', () => {
    expect(savedStory.decide({ type: 'SaveStory', storyId, userId }, given('StorySaved'))).toEqual(
      [],
    );
  });

  it('when a member unsaves a saved story it is unsaved, and again appends nothing', () => {
    const saved = given('StorySaved');
    expect(savedStory.decide({ type: 'UnsaveStory', storyId, userId }, saved)).toEqual([
      { type: 'StoryUnsaved', data: { storyId, userId } },
    ]);
    expect(
      savedStory.decide(
        { type: 'UnsaveStory', storyId, userId },
        given('StorySaved', 'StoryUnsaved'),
      ),
    ).toEqual([]);
  });
});
