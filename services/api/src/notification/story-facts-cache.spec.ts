import { describe, expect, it, vi } from 'vitest';
import { createInProcessStoryChanges } from '#api/platform/live/in-process-story-changes';
import type { StoryFacts } from './derive-notifications';
import { StoryFactsCache } from './story-facts-cache';

const facts = (storyId: string, count: number): StoryFacts => ({
  storyId,
  decisions: [],
  hourlyVotes: [],
  newComments: count ? { count, newestAt: '2026-11-28T10:00:00.000Z' } : null,
  commented: count > 0,
});

/** A cache over an in-process channel, and a read that counts how often it ran. */
function setup(ttlMs = 60_000) {
  const changes = createInProcessStoryChanges();
  const cache = new StoryFactsCache(changes, { maxStories: 2, ttlMs });
  let reads = 0;
  let count = 1;
  const read = (storyId: string) => () => {
    reads += 1;
    return Promise.resolve(facts(storyId, count));
  };
  return {
    changes,
    cache,
    read,
    reads: () => reads,
    setCount: (n: number) => (count = n),
  };
}

describe('StoryFactsCache', () => {
  it('when asked again it answers what it kept, until the story changes', async () => {
    const { changes, cache, read, reads, setCount } = setup();
    expect(await cache.through('s1', undefined, read('s1'))).toEqual(facts('s1', 1));
    expect(await cache.through('s1', undefined, read('s1'))).toEqual(facts('s1', 1));
    expect(reads()).toBe(1);
    setCount(2);
    changes.publish({ storyId: 's2', kind: 'comments' });
    expect(await cache.through('s1', undefined, read('s1'))).toEqual(facts('s1', 1));
    changes.publish({ storyId: 's1', kind: 'comments' });
    expect(await cache.through('s1', undefined, read('s1'))).toEqual(facts('s1', 2));
    expect(reads()).toBe(2);
  });

  it('when the new comments are counted from another point it reads them again', async () => {
    const { cache, read, reads } = setup();
    await cache.through('s1', undefined, read('s1'));
    await cache.through('s1', '2026-11-28T09:00:00.000Z', read('s1'));
    await cache.through('s1', '2026-11-28T09:00:00.000Z', read('s1'));
    expect(reads()).toBe(2);
  });

  it('when the story changes while its facts are read it answers them but keeps them not', async () => {
    const { changes, cache, reads } = setup();
    let finish = (_: StoryFacts) => undefined as void;
    const slow = () => {
      const pending = new Promise<StoryFacts>((resolve) => (finish = resolve));
      return pending;
    };
    const answer = cache.through('s1', undefined, slow);
    changes.publish({ storyId: 's1', kind: 'votes' });
    finish(facts('s1', 1));
    expect(await answer).toEqual(facts('s1', 1));
    let again = 0;
    await cache.through('s1', undefined, () => {
      again += 1;
      return Promise.resolve(facts('s1', 3));
    });
    expect(again).toBe(1);
    expect(reads()).toBe(0);
  });

  it('keeps the stories asked last, and none longer than its time', async () => {
    const { cache, read, reads } = setup(20);
    await cache.through('s1', undefined, read('s1'));
    await cache.through('s2', undefined, read('s2'));
    await cache.through('s3', undefined, read('s3'));
    await cache.through('s1', undefined, read('s1'));
    expect(reads()).toBe(4);
    // Kept s3 answers without a read until its 20 ms are up; then it is read again, once.
    await vi.waitFor(
      async () => {
        await cache.through('s3', undefined, read('s3'));
        expect(reads()).toBe(5);
      },
      { interval: 5 },
    );
  });

  it('when closed it hears no more changes and keeps nothing it had', async () => {
    const { changes, cache, read, reads } = setup();
    await cache.through('s1', undefined, read('s1'));
    cache.close();
    changes.publish({ storyId: 's1', kind: 'votes' });
    await cache.through('s1', undefined, read('s1'));
    expect(reads()).toBe(2);
  });
});
