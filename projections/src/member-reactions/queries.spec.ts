import { afterEach, describe, expect, it } from 'vitest';
import { liveDocs } from '../testing/live-docs';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { MEMBER_REACTION_DOCS, memberReactionId } from './docs';
import { memberReactionsProjection } from './projection';
import { MemberReactionQueries } from './queries';

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';

describe('member reaction queries', () => {
  it('when asked for a member’s reactions it answers those given now, in the chips’ order', async () => {
    const f = openSqliteFixture();
    fixtures.push(f);
    await liveDocs(f.readStore, memberReactionsProjection, [
      {
        collection: MEMBER_REACTION_DOCS,
        doc: { _id: memberReactionId(dishes, ann), wtf: true, lol: false, relatable: true },
      },
      { collection: MEMBER_REACTION_DOCS, doc: { _id: memberReactionId(dishes, ben), lol: false } },
    ]);
    const queries = new MemberReactionQueries(f.readStore);
    expect(await queries.givenBy(dishes, ann)).toEqual(['relatable', 'wtf']);
    expect(await queries.givenBy(dishes, ben)).toEqual([]);
    expect(await queries.givenBy(dishes, 'user_01JC0000000000000000000003')).toEqual([]);
  });
});
