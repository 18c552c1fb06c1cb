import { afterEach, describe, expect, it } from 'vitest';
import { liveDocs } from '../testing/live-docs';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { SEEN_DOCS, seenStoryId } from './docs';
import { seenStoriesProjection } from './projection';
import { SeenStoryQueries } from './queries';

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

const ann = 'u-user_01JC0000000000000000000001';
const bob = 'u-user_01JC0000000000000000000002';
const story = (n: number) => `story_${String(n).padStart(26, '0')}`;

/** Live seen-story rows (viewer, story) behind the queries the API uses. */
async function queriesOver(rows: Array<[viewer: string, storyId: string]>) {
  const f = openSqliteFixture();
  fixtures.push(f);
  await liveDocs(
    f.readStore,
    seenStoriesProjection,
    rows.map(([viewer, storyId]) => ({
      collection: SEEN_DOCS,
      doc: { _id: seenStoryId(viewer, storyId) },
    })),
  );
  return new SeenStoryQueries(f.readStore);
}

describe('seen story queries', () => {
  it('when viewers have seen stories each answers for their own: a story by id, their count and their stories', async () => {
    const queries = await queriesOver([
      [ann, story(1)],
      [ann, story(2)],
      [bob, story(2)],
      [bob, story(3)],
      [bob, story(4)],
    ]);
    const seen = queries.of(ann);
    expect(await seen.has(story(1))).toBe(true);
    expect(await seen.has(story(3))).toBe(false);
    expect(await seen.count()).toBe(2);
    expect((await seen.ids()).sort()).toEqual([story(1), story(2)]);
    expect(await queries.of(bob).count()).toBe(3);
  });

  it('when one viewer key starts with another, each still answers for its own rows only', async () => {
    const queries = await queriesOver([
      ['v-a', story(1)],
      ['v-ab', story(2)],
      ['v-a-b', story(3)],
      ['v-a', story(4)],
    ]);
    expect(await queries.of('v-a').count()).toBe(2);
    expect((await queries.of('v-a').ids()).sort()).toEqual([story(1), story(4)]);
    expect(await queries.of('v-ab').ids()).toEqual([story(2)]);
    expect(await queries.of('v-a-b').ids()).toEqual([story(3)]);
  });

  it('when a viewer has seen nothing it answers no story, a count of 0 and an empty list', async () => {
    const seen = (await queriesOver([[bob, story(1)]])).of(ann);
    expect(await seen.has(story(1))).toBe(false);
    expect(await seen.count()).toBe(0);
    expect(await seen.ids()).toEqual([]);
  });
});
