import { describe, expect, it } from 'vitest';
import type { StoryPoolEvent } from '@whosright/contracts/story/events';
import { storyPool } from './pool-decider';

const id = (n: number) => `story_01JAAAAAAAAAAAAAAAAAAAAA${String(n).padStart(2, '0')}`;

function run(commands: Array<[number, boolean]>): { events: StoryPoolEvent[]; slots: string[] } {
  let state = storyPool.initialState();
  const events: StoryPoolEvent[] = [];
  for (const [n, pooled] of commands) {
    for (const event of storyPool.decide({ type: 'EnsurePooled', storyId: id(n), pooled }, state)) {
      events.push(event);
      state = storyPool.evolve(state, event);
    }
  }
  return { events, slots: state.slots };
}

describe('story pool decider', () => {
  it('when stories are approved they take the next slots', () => {
    expect(
      run([
        [1, true],
        [2, true],
        [3, true],
      ]).slots,
    ).toEqual([id(1), id(2), id(3)]);
  });

  it('when a story in the middle leaves, the last one moves into its slot so slots stay dense', () => {
    const { events, slots } = run([
      [1, true],
      [2, true],
      [3, true],
      [1, false],
    ]);
    expect(slots).toEqual([id(3), id(2)]);
    expect(events.at(-1)).toEqual({
      type: 'StoryUnpooled',
      data: { storyId: id(1), slot: 0, moved: { storyId: id(3), from: 2 } },
    });
  });

  it('when the last story leaves nothing moves', () => {
    const { events, slots } = run([
      [1, true],
      [2, true],
      [2, false],
    ]);
    expect(slots).toEqual([id(1)]);
    expect(events.at(-1)).toEqual({
      type: 'StoryUnpooled',
      data: { storyId: id(2), slot: 1, moved: null },
    });
  });

  it('when the pool already agrees nothing happens', () => {
    expect(
      run([
        [1, true],
        [1, true],
        [2, false],
      ]).events,
    ).toHaveLength(1);
  });
});
