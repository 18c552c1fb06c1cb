import { afterEach, describe, expect, it } from 'vitest';
import { liveDocs } from '../testing/live-docs';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import type { ViewerSeenStories } from '../seen-stories/queries';
import type { Doc } from '../store/port';
import { POOL, POOL_META_ID, STORIES, pooledStoryId, poolSlotId } from './docs';
import { storiesProjection } from './projection';
import { StoryQueries } from './queries';

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

const story = (n: number, skipRate: number): Doc => ({
  _id: `story_${String(n).padStart(26, '0')}`,
  status: 'approved',
  createdAt: `2026-10-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
  viewCount: 100,
  skipCount: Math.round(skipRate * 100),
  skipRate,
  rankable: true,
});

/** Live story cards (and random pool documents) behind the queries the API uses. */
async function queriesOver(stories: Doc[], pool: Doc[] = []) {
  const f = openSqliteFixture();
  fixtures.push(f);
  await liveDocs(f.readStore, storiesProjection, [
    ...stories.map((doc) => ({ collection: STORIES, doc })),
    ...pool.map((doc) => ({ collection: POOL, doc })),
  ]);
  return new StoryQueries(f.readStore);
}

describe('story queries', () => {
  it('when the poor performers are paged the pages hold the top 5% exactly once, ties included, in rank order', async () => {
    // 100 rankable stories, skip rates in tied pairs: the top 5% is 5 stories and cuts a tie.
    const queries = await queriesOver(
      Array.from({ length: 100 }, (_, n) => story(n, Math.floor(n / 2) / 100)),
    );
    const whole = await queries.poorPerformers({ limit: 50 });
    expect(whole.items).toHaveLength(5);
    expect(whole.next).toBeUndefined();

    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queries.poorPerformers({ limit: 2, cursor });
      walked.push(...page.items.map((s) => s._id));
      cursor = page.next;
    } while (cursor);
    expect(walked).toEqual(whole.items.map((s) => s._id));
  });

  it('when the skip rates are counted in ten ranges each rankable story counts once, a rate of 1 in the last', async () => {
    const rates = [0, 0.05, 0.1, 0.55, 0.99, 1, 1];
    const queries = await queriesOver([
      ...rates.map((rate, n) => story(n, rate)),
      { ...story(50, 0.5), rankable: false },
    ]);
    expect(await queries.skipRateHistogram(10)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 3]);
  });

  it('when the pending queue is paged it goes oldest first', async () => {
    const queries = await queriesOver(
      [3, 1, 2].map((n) => ({ ...story(n, 0), status: 'pending', rankable: false })),
    );
    const first = await queries.pendingQueue({ limit: 2 });
    const rest = await queries.pendingQueue({ limit: 2, cursor: first.next });
    expect([...first.items, ...rest.items].map((s) => Number(s._id.slice(-1)))).toEqual([1, 2, 3]);
    expect(rest.next).toBeUndefined();
  });

  it('when a cursor holds values that are not the sort the store refuses it as invalid', async () => {
    const queries = await queriesOver([story(1, 0.5)]);
    const objectCursor = Buffer.from(JSON.stringify([{}, 'x'])).toString('base64url');
    const shortCursor = Buffer.from(JSON.stringify(['x'])).toString('base64url');
    for (const cursor of [objectCursor, shortCursor, 'abc', '%00']) {
      await expect(queries.feed({ limit: 5, cursor }), cursor).rejects.toThrow('Invalid cursor');
      await expect(queries.poorPerformers({ limit: 5, cursor }), cursor).rejects.toThrow(
        'Invalid cursor',
      );
    }
  });

  /** A story with a tally, as the projection derives it (projection.spec.ts covers `derive`). */
  const tallied = (n: number, he: number, she: number, category = 'money'): Doc => ({
    ...story(n, 0),
    category,
    heVotes: he,
    sheVotes: she,
    totalVotes: he + she,
    divisive: he + she >= 10,
    voteGap: he + she === 0 ? 1 : Math.abs(he - she) / (he + she),
  });

  /** Every page of a sorted feed, walked by cursor two at a time. */
  async function walk(queries: StoryQueries, request: Parameters<StoryQueries['feed']>[0]) {
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await queries.feed({ ...request, limit: 2, cursor });
      ids.push(...page.items.map((s) => Number(s._id.slice(-2))));
      cursor = page.next;
    } while (cursor);
    return ids;
  }

  it('when the feed is sorted by votes it goes most votes first, newest first among equals, page by page', async () => {
    const queries = await queriesOver([
      tallied(1, 3, 1),
      tallied(2, 10, 30),
      tallied(3, 2, 2),
      tallied(4, 0, 0),
      tallied(5, 25, 15, 'household'),
    ]);
    // 2 and 5 have 40 votes each, 3 and 1 four each: the newer first.
    expect(await walk(queries, { sort: 'votes', limit: 2 })).toEqual([5, 2, 3, 1, 4]);
    expect(await walk(queries, { sort: 'votes', category: 'money', limit: 2 })).toEqual([
      2, 3, 1, 4,
    ]);
  });

  it('when the feed is sorted by divisive it holds stories with ten votes or more, closest to 50/50 first', async () => {
    const queries = await queriesOver([
      tallied(1, 6, 4),
      tallied(2, 4, 4),
      tallied(3, 50, 50),
      tallied(4, 5, 5),
      tallied(5, 1, 19),
      tallied(6, 30, 10, 'household'),
    ]);
    // 3 and 4 are both even: more votes first. 2 is even too but has only 8 votes.
    expect(await walk(queries, { sort: 'divisive', limit: 2 })).toEqual([3, 4, 1, 6, 5]);
    expect(await walk(queries, { sort: 'divisive', category: 'money', limit: 2 })).toEqual([
      3, 4, 1, 5,
    ]);
  });

  /** Approved stories 0 to `size - 1` in the random pool's slots, with its count. */
  const pooled = (size: number): Doc[] => [
    { _id: POOL_META_ID, count: size },
    ...Array.from({ length: size }, (_, n) => [
      { _id: poolSlotId(n), storyId: story(n, 0)._id },
      { _id: pooledStoryId(story(n, 0)._id), slot: n },
    ]).flat(),
  ];

  /** A viewer's seen stories in memory, counting how the draw asks about them. */
  function seenSpy(ids: readonly string[]) {
    const set = new Set(ids);
    const asked = { has: 0, count: 0, ids: 0 };
    const seen: ViewerSeenStories = {
      has: (id) => (asked.has++, Promise.resolve(set.has(id))),
      count: () => (asked.count++, Promise.resolve(set.size)),
      ids: () => (asked.ids++, Promise.resolve([...set])),
    };
    return { seen, asked };
  }

  it('when the plain draw is unseen it asks whether that one story was seen, never for the whole set', async () => {
    const queries = await queriesOver([], pooled(10));
    const { seen, asked } = seenSpy([]);
    for (let i = 0; i < 50; i++) expect(await queries.randomUnseenId(seen, undefined)).toBeTruthy();
    expect(asked).toEqual({ has: 50, count: 0, ids: 0 });
  });

  it('when the viewer has seen over half the pool only the exact draw lists their stories, and never draws one', async () => {
    const queries = await queriesOver([], pooled(10));
    const ids = Array.from({ length: 10 }, (_, n) => story(n, 0)._id);
    const { seen, asked } = seenSpy(ids.slice(0, 7));
    const drawn = new Set<string | null>();
    for (let i = 0; i < 200; i++) drawn.add(await queries.randomUnseenId(seen, ids[9]));
    expect(drawn).toEqual(new Set(ids.slice(7, 9)));
    expect(asked.ids).toBeGreaterThan(0);
    const all = seenSpy(ids);
    expect(await queries.randomUnseenId(all.seen, undefined)).toBeNull();
  });
});
