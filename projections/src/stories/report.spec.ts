import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import type { Doc } from '../store/port';
import { poorPerformers } from './poor-performers';
import { storiesProjection } from './projection';
import { STORIES, type StoryDoc } from './docs';
import { rankingReport } from './ranking-report';
import { keptRanking, rankableRows } from './ranking-snapshot';

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

function story(n: number, fields: Partial<StoryDoc>): Doc {
  return {
    _id: `story_${String(n).padStart(26, '0')}`,
    content: `Story ${n}`,
    category: 'household',
    createdAt: `2026-10-${String(1 + (n % 28)).padStart(2, '0')}T00:00:00.000Z`,
    viewCount: 100,
    skipCount: 0,
    skipRate: 0,
    rankable: true,
    ...fields,
  };
}

/**
 * What the replay CLI prints for these story cards: the rankable ones kept as a replay keeps them,
 * ranked by the current rule.
 */
async function reportOf(stories: Doc[]) {
  const f = openSqliteFixture();
  fixtures.push(f);
  const target = await f.readStore.createGeneration('stories', 2, storiesProjection.collections);
  const writes = stories.map((doc) => ({ collection: 'stories', id: doc._id, doc, position: 1n }));
  await f.readStore.commit(target, writes, 1n);
  const rows = await rankableRows(f.readStore.generationCollection<StoryDoc>(target, STORIES));
  return rankingReport((await poorPerformers(keptRanking(rows))).list);
}

describe('stories replay report', () => {
  it('when stories are ranked it prints the top 5% of the rankable ones by skip rate, worst first', async () => {
    const rankable = Array.from({ length: 40 }, (_, i) =>
      story(i, { skipRate: i / 100, skipCount: i, viewCount: 100 }),
    );
    const unrankable = story(99, { skipRate: 0.99, rankable: false, viewCount: 3 });
    const row = (rank: number, n: number) => ({
      rank,
      storyId: rankable[n]!._id,
      category: 'household',
      skipRate: n / 100,
      viewCount: 100,
      skipCount: n,
      createdAt: rankable[n]!.createdAt,
    });
    expect(await reportOf([...rankable, unrankable])).toEqual([row(1, 39), row(2, 38)]);
  });

  it('when few stories are rankable it still names the worst one, and none when none is', async () => {
    const few = [
      story(1, { skipRate: 0.2 }),
      story(2, { skipRate: 0.5 }),
      story(3, { skipRate: 0.1 }),
    ];
    expect((await reportOf(few)).map((row) => row.skipRate)).toEqual([0.5]);
    expect(await reportOf([story(4, { rankable: false, skipRate: 0.9 })])).toEqual([]);
  });
});
