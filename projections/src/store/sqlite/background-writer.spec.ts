import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFixture, type SqliteFixture } from '../../testing/sqlite-fixture';
import type { CollectionSpec } from '../port';

const collections: CollectionSpec[] = [{ name: 'things', indexes: [{ fields: [['kind', 1]] }] }];

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

async function setUp() {
  const fixture = openSqliteFixture();
  fixtures.push(fixture);
  const target = await fixture.readStore.createGeneration('things', 1, collections);
  const writer = fixture.readStore.backgroundWriter!();
  return { ...fixture, target, writer };
}

describe('sqlite background writer', () => {
  it('when commits are queued back to back they land in order, each with its checkpoint', async () => {
    const { readStore, target, writer } = await setUp();
    const commits = Array.from({ length: 20 }, (_, i) =>
      writer.commit(
        target,
        [
          { collection: 'things', id: `t${i}`, doc: { _id: `t${i}`, kind: i % 2 ? 'odd' : 'even', n: i }, position: BigInt(i + 1) },
          // Every commit rewrites the same document: the last one must win.
          { collection: 'things', id: 'shared', doc: { _id: 'shared', kind: 'odd', last: i }, position: BigInt(i + 1) },
          ...(i > 0 ? [{ collection: 'things', id: `t${i - 1}`, doc: null, position: BigInt(i + 1) }] : []),
        ],
        BigInt(i + 1),
      ),
    );
    await Promise.all(commits);
    await writer.close();
    const things = readStore.generationCollection(target, 'things');
    expect(await things.get('shared')).toEqual({ _id: 'shared', kind: 'odd', last: 19 });
    expect(await things.get('t18')).toBeUndefined();
    expect(await things.get('t19')).toEqual({ _id: 't19', kind: 'odd', n: 19 });
    expect(await readStore.checkpoint(target)).toBe(20n);
    // The declared index serves queries on what the writer wrote.
    expect((await things.find({ kind: 'odd' }, { sort: [['kind', 1]] })).items.map((d) => d._id)).toEqual(['shared', 't19']);
  });

  it('when a commit fails nothing of it is written, the checkpoint stays, and the error reaches the caller', async () => {
    const { readStore, target, writer } = await setUp();
    await writer.commit(target, [{ collection: 'things', id: 'a', doc: { _id: 'a', kind: 'x' }, position: 1n }], 1n);
    const broken = writer.commit(
      target,
      [
        { collection: 'things', id: 'b', doc: { _id: 'b', kind: 'x' }, position: 2n },
        { collection: 'missing', id: 'c', doc: { _id: 'c' }, position: 2n },
      ],
      2n,
    );
    await expect(broken).rejects.toThrow(/no such table/);
    await writer.close();
    expect(await readStore.generationCollection(target, 'things').get('b')).toBeUndefined();
    expect(await readStore.checkpoint(target)).toBe(1n);
  });
});
