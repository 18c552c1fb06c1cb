import { afterEach, describe, expect, it } from 'vitest';
import { liveDocs } from '../testing/live-docs';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { memberStreamId, STREAMS_OF_MEMBER } from './docs';
import { memberStreamsProjection } from './projection';
import { MemberStreamQueries } from './queries';

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

const ann = 'user_01JC0000000000000000000001';
const bob = 'user_01JC0000000000000000000002';

/** Live member-stream rows behind the query the API uses. */
async function queriesOver(rows: Array<[userId: string, stream: string]>) {
  const f = openSqliteFixture();
  fixtures.push(f);
  await liveDocs(
    f.readStore,
    memberStreamsProjection,
    rows.map(([userId, stream]) => ({
      collection: STREAMS_OF_MEMBER,
      doc: { _id: memberStreamId(userId, stream) },
    })),
  );
  return new MemberStreamQueries(f.readStore);
}

async function allStreamsOf(queries: MemberStreamQueries, userId: string, limit: number) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await queries.streamsOf(userId, { cursor, limit });
    pages.push(page.streams);
    cursor = page.next;
  } while (cursor);
  return pages;
}

describe('member stream queries', () => {
  it('when members share streams each member is answered their own, in pages, and no one else’s', async () => {
    const queries = await queriesOver([
      [bob, 'story-b'],
      [ann, 'user-ann'],
      [ann, 'story-b'],
      // Ids that sort right beside ann's: her id with a longer tail, and one character after.
      [`${ann}0`, 'story-x'],
      [ann.slice(0, -1) + '0', 'story-y'],
      [ann, 'comment-c'],
    ]);
    expect(await allStreamsOf(queries, ann, 2)).toEqual([['comment-c', 'story-b'], ['user-ann']]);
    expect(await allStreamsOf(queries, bob, 10)).toEqual([['story-b']]);
  });

  it('when a member has no stream it answers an empty page without a cursor', async () => {
    const queries = await queriesOver([[bob, 'story-b']]);
    expect(await queries.streamsOf(ann, { limit: 10 })).toEqual({ streams: [], next: undefined });
  });
});
