import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import type { Doc } from '../store/port';
import { STORIES, STORY_CARDS } from './docs';
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

/** Live story cards behind the queries the API uses. */
async function queriesOver(stories: Doc[]) {
  const f = openSqliteFixture();
  fixtures.push(f);
  const target = await f.readStore.createGeneration(
    STORIES,
    storiesProjection.version,
    storiesProjection.collections,
  );
  const writes = stories.map((doc) => ({
    collection: STORY_CARDS,
    id: doc._id,
    doc,
    position: 1n,
  }));
  await f.readStore.commit(target, writes, 1n);
  await f.readStore.activate(target);
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
});
