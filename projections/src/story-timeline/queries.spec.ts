import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { BUCKETS, STORY_TIMELINE, bucketId, dayStart, hourStart } from './docs';
import { storyTimelineProjection } from './projection';
import { StoryTimelineQueries } from './queries';

const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const rent = 'story_01JEEEEEEEEEEEEEEEEEEEEEEE';
const HOUR = 3_600_000;
const start = Date.parse('2026-03-02T09:00:00.000Z');
/** An ISO time `hours` after the first vote. */
const after = (hours: number) => new Date(start + hours * HOUR).toISOString();

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

/** The buckets the projection would hold for one He vote at each of `times`, live. */
async function queriesOver(votes: ReadonlyArray<{ storyId: string; at: string }>) {
  const f = openSqliteFixture();
  fixtures.push(f);
  const target = await f.readStore.createGeneration(
    STORY_TIMELINE,
    storyTimelineProjection.version,
    storyTimelineProjection.collections,
  );
  const counts = new Map<string, { at: string; he: number }>();
  for (const vote of votes)
    for (const [size, at] of [
      ['hour', hourStart(vote.at)],
      ['day', dayStart(vote.at)],
    ] as const) {
      const id = bucketId(vote.storyId, size, at);
      const known = counts.get(id) ?? { at, he: 0 };
      counts.set(id, { at, he: known.he + 1 });
    }
  const writes = [...counts].map(([id, { at, he }]) => ({
    collection: BUCKETS,
    id,
    doc: { _id: id, at, he, she: 0 },
    position: 1n,
  }));
  await f.readStore.commit(target, writes, 1n);
  await f.readStore.activate(target);
  return new StoryTimelineQueries(f.readStore);
}

const votesOn = (storyId: string, hours: readonly number[]) =>
  hours.map((h) => ({ storyId, at: after(h) }));

describe('story timeline queries', () => {
  it('when the story has no votes it answers no buckets', async () => {
    const queries = await queriesOver(votesOn(rent, [0]));
    expect(await queries.ofStory(dishes)).toEqual({ granularity: 'hour', buckets: [] });
  });

  it('when the votes span at most 72 hours it answers hours, oldest first, of this story only', async () => {
    const queries = await queriesOver([
      ...votesOn(dishes, [72.5, 0.25, 0.5, 30]),
      ...votesOn(rent, [1, 200]),
    ]);
    const timeline = await queries.ofStory(dishes);
    expect(timeline.granularity).toBe('hour');
    expect(timeline.buckets.map((b) => [b.at, b.he])).toEqual([
      [after(0), 2],
      [after(30), 1],
      [after(72), 1],
    ]);
  });

  it('when the votes span more than 72 hours it answers days', async () => {
    const queries = await queriesOver(votesOn(dishes, [0, 10, 73]));
    const timeline = await queries.ofStory(dishes);
    expect(timeline.granularity).toBe('day');
    expect(timeline.buckets.map((b) => [b.at, b.he])).toEqual([
      ['2026-03-02T00:00:00.000Z', 2],
      ['2026-03-05T00:00:00.000Z', 1],
    ]);
  });

  it('when every hour of three days has votes and one more hour too it answers days', async () => {
    const queries = await queriesOver(
      votesOn(
        dishes,
        Array.from({ length: 74 }, (_, h) => h),
      ),
    );
    expect((await queries.ofStory(dishes)).granularity).toBe('day');
  });

  it('when the votes span more days than it shows it answers the first 500', async () => {
    const queries = await queriesOver(
      votesOn(
        dishes,
        Array.from({ length: 501 }, (_, d) => d * 24),
      ),
    );
    const timeline = await queries.ofStory(dishes);
    expect(timeline.buckets).toHaveLength(500);
    expect(timeline.buckets[0]?.at).toBe('2026-03-02T00:00:00.000Z');
  });
});
