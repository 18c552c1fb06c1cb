import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seenRow, seenRows } from '../testing/insert-only-rows';
import type { CollectionSpec, Doc, DocWrite, Generation, ReadStore } from './port';
import { startingWith } from './prefix';
import { textSearchContract } from './text-search.contract';

/**
 * The read-model store contract every adapter passes. `open` returns a fresh, empty store;
 * `close` releases it.
 */
export interface ReadStoreHarness {
  open(): Promise<ReadStore>;
  close(store: ReadStore): Promise<void>;
}

const items: CollectionSpec = {
  name: 'items',
  indexes: [
    {
      fields: [
        ['category', 1],
        ['score', -1],
      ],
    },
    { fields: [['score', 1]] },
    { fields: [['meta.rank', 1]] },
  ],
};

const sample: Doc[] = [
  { _id: 'a', category: 'money', score: 5, flagged: true, meta: { rank: 3 } },
  { _id: 'b', category: 'money', score: 9, flagged: false, meta: { rank: 1 } },
  { _id: 'c', category: 'family', score: 7, flagged: false, meta: { rank: 2 } },
  { _id: 'd', category: 'family', score: 5, flagged: true, meta: { rank: 5 } },
  { _id: 'e', category: 'other', score: null, flagged: false, meta: { rank: 4 } },
  { _id: 'f', category: 'money', score: 1, flagged: false, meta: { rank: 6 } },
];

/** Counters in column fields (see `CollectionSpec.columns`), indexed with a field of the rest. */
const tallies: CollectionSpec = {
  name: 'tallies',
  columns: { votes: 'number', gap: 'number', hot: 'boolean' },
  indexes: [
    {
      fields: [
        ['group', 1],
        ['votes', -1],
      ],
    },
    {
      fields: [
        ['hot', 1],
        ['gap', 1],
      ],
    },
  ],
};

const counted: Doc[] = [
  { _id: 'a', group: 'x', votes: 3, gap: 0.5, hot: false, tags: { n: 1 } },
  { _id: 'b', group: 'x', votes: 12, gap: 0.25, hot: true, tags: { n: 2 } },
  { _id: 'c', group: 'y', votes: 12, gap: 1, hot: true, tags: { n: 3 } },
  { _id: 'd', group: 'y', gap: 0, hot: false, tags: { n: 4 } },
  { _id: 'e', group: 'x', votes: 0, gap: 0.25, hot: true, tags: { n: 5 } },
];

const writeTo =
  (collection: string) =>
  (doc: Doc, position = 1n): DocWrite => ({ collection, id: doc._id, doc, position });
const put = writeTo('items');
const tally = writeTo('tallies');

/** The first copy of a projection, holding `docs` of one collection, made active. */
async function activeCopy(
  store: ReadStore,
  projection: string,
  spec: CollectionSpec,
  docs: readonly Doc[],
  checkpoint: bigint,
): Promise<Generation> {
  const copy = await store.createGeneration(projection, 1, [spec]);
  const write = writeTo(spec.name);
  await store.commit(
    copy,
    docs.map((doc) => write(doc)),
    checkpoint,
  );
  await store.activate(copy, { expectedActive: null });
  return copy;
}
const ids = (docs: Doc[]) => docs.map((d) => d._id);

export function readStoreContract(name: string, harness: ReadStoreHarness): void {
  describe(`read-model store contract: ${name}`, () => {
    let store: ReadStore;
    let live: Generation;

    beforeEach(async () => {
      store = await harness.open();
      live = await activeCopy(store, 'things', items, sample, 10n);
    });
    afterEach(async () => harness.close(store));

    const things = () => store.collection('things', 'items');

    it('when a document exists it is returned by id, and a missing id gives undefined', async () => {
      expect(await things().get('b')).toEqual(sample[1]);
      expect(await things().get('zzz')).toBeUndefined();
    });

    it('when filtering by equality, range and $in it returns exactly the matching documents', async () => {
      expect(
        ids((await things().find({ category: 'money' }, { sort: [['_id', 1]] })).items),
      ).toEqual(['a', 'b', 'f']);
      expect(
        ids((await things().find({ score: { $gte: 5, $lt: 9 } }, { sort: [['_id', 1]] })).items),
      ).toEqual(['a', 'c', 'd']);
      expect(
        ids(
          (await things().find({ category: { $in: ['family', 'other'] } }, { sort: [['_id', 1]] }))
            .items,
        ),
      ).toEqual(['c', 'd', 'e']);
      expect(ids((await things().find({ flagged: true }, { sort: [['_id', 1]] })).items)).toEqual([
        'a',
        'd',
      ]);
      expect(ids((await things().find({ score: null }, { sort: [['_id', 1]] })).items)).toEqual([
        'e',
      ]);
      expect(
        ids((await things().find({ 'meta.rank': { $lte: 2 } }, { sort: [['_id', 1]] })).items),
      ).toEqual(['b', 'c']);
      expect(
        ids((await things().find({ category: { $ne: 'money' } }, { sort: [['_id', 1]] })).items),
      ).toEqual(['c', 'd', 'e']);
    });

    it('when sorting with a limit it returns the top documents with ties broken by _id', async () => {
      const page = await things().find({}, { sort: [['score', -1]], limit: 3 });
      expect(ids(page.items)).toEqual(['b', 'c', 'd']);
      expect(
        ids(
          (await things().find({ category: 'money' }, { sort: [['score', -1]], limit: 2 })).items,
        ),
      ).toEqual(['b', 'a']);
    });

    it('when paging with the cursor it visits every document once in order, nulls first ascending', async () => {
      for (const direction of [1, -1] as const) {
        const seen: string[] = [];
        let after: string | undefined;
        do {
          const page = await things().find(
            {},
            { sort: [['score', direction]], limit: 2, ...(after ? { after } : {}) },
          );
          seen.push(...ids(page.items));
          after = page.next;
        } while (after);
        const all = ids((await things().find({}, { sort: [['score', direction]] })).items);
        expect(seen).toEqual(all);
        expect(all).toEqual(
          direction === 1 ? ['e', 'f', 'a', 'd', 'c', 'b'] : ['b', 'c', 'd', 'a', 'f', 'e'],
        );
      }
    });

    it('when finding ids that start with a prefix it returns exactly those, by any character', async () => {
      const keys = ['v-a', 'v-a:1', 'v-a:2', 'v-a;', 'v-ab:1', 'é:1', 'é:\u{1f600}', 'é;', 'ê'];
      await store.commit(
        live,
        keys.map((_id) => put({ _id })),
        11n,
      );
      const starting = async (prefix: string) =>
        ids((await things().find({ _id: startingWith(prefix) }, { sort: [['_id', 1]] })).items);
      expect(await starting('v-a:')).toEqual(['v-a:1', 'v-a:2']);
      expect(await starting('é:')).toEqual(['é:1', 'é:\u{1f600}']);
      expect(await things().count({ _id: startingWith('v-a') })).toBe(5);
    });

    it('when counting it counts the matching documents', async () => {
      expect(await things().count()).toBe(6);
      expect(await things().count({ category: 'money', score: { $gt: 1 } })).toBe(2);
    });

    it('when a batch replaces and deletes documents the changes and the checkpoint are stored together', async () => {
      await store.commit(
        live,
        [
          put({ ...sample[0]!, score: 100 }, 11n),
          { collection: 'items', id: 'b', doc: null, position: 11n },
        ],
        11n,
      );
      expect((await things().get('a'))?.score).toBe(100);
      expect(await things().get('b')).toBeUndefined();
      expect(await store.checkpoint(live)).toBe(11n);
      const loaded = await store.load(live, 'items', ['a', 'b', 'c']);
      expect([...loaded.keys()].sort()).toEqual(['a', 'c']);
    });

    it('when a new generation is built it stays invisible until activated, then the old one is dropped', async () => {
      const next = await store.createGeneration('things', 2, [items], { deferIndexes: true });
      expect(await store.checkpoint(next)).toBeUndefined();
      await store.commit(next, [put({ _id: 'z', category: 'money', score: 1 }, 20n)], 20n);
      await store.ensureCollections(next, [items]);
      expect(await things().count()).toBe(6);
      expect(await store.commit(live, [], 12n, { requireActive: true })).toBe(true);

      await store.activate(next, { expectedActive: live.generation });
      expect(await store.active('things')).toEqual(next);
      expect(ids((await things().find()).items)).toEqual(['z']);
      expect(await store.commit(live, [put({ _id: 'x' }, 13n)], 13n, { requireActive: true })).toBe(
        false,
      );
      expect(await store.collectionNames(live)).toEqual([]);
      await expect(store.activate(live, { expectedActive: live.generation })).rejects.toThrow();
    });

    it('when a scratch generation is dropped readers never see it', async () => {
      const scratch = await store.createGeneration('things', 1, [items]);
      await store.commit(scratch, [put({ _id: 'tmp' }, 5n)], 5n);
      expect(await store.generationCollection(scratch, 'items').count()).toBe(1);
      await store.drop(scratch);
      expect(await store.collectionNames(scratch)).toEqual([]);
      expect(await things().count()).toBe(6);
    });

    it('when a rebuild stops touching its copy it is dropped as abandoned, while live, runner and touched copies stay', async () => {
      const killed = await store.createGeneration('things', 2, [items], { deferIndexes: true });
      await store.commit(killed, [put({ _id: 'k' }, 20n)], 20n);
      const runnerBuild = await store.createGeneration('things', 2, [items], { owner: 'runner' });
      const stillRunning = await store.createGeneration('others', 1, [items]);
      await sleep(20);
      const cut = Date.now();
      await sleep(5);
      await store.touch(stillRunning);

      expect(await store.dropAbandoned(cut)).toEqual([killed]);
      expect(await store.collectionNames(killed)).toEqual([]);
      expect(await store.collectionNames(runnerBuild)).toEqual(['items']);
      expect(await store.collectionNames(stillRunning)).toEqual(['items']);
      expect(await store.active('things')).toEqual(live);
      expect(await things().count()).toBe(6);
      expect(await store.dropAbandoned(cut)).toEqual([]);
    });

    it('when an event is dead-lettered it is kept with its error', async () => {
      await store.recordDeadLetter({
        projection: 'things',
        generation: live.generation,
        position: 7n,
        eventId: 'ev-7',
        eventType: 'Boom',
        error: 'Error: boom',
        at: '2026-11-01T00:00:00.000Z',
      });
      expect(await store.deadLetters('things')).toEqual([
        {
          projection: 'things',
          generation: live.generation,
          position: 7n,
          eventId: 'ev-7',
          eventType: 'Boom',
          error: 'Error: boom',
          at: '2026-11-01T00:00:00.000Z',
        },
      ]);
      expect(await store.deadLetters('other')).toEqual([]);
    });

    describe('column fields', () => {
      let copy: Generation;
      const read = () => store.collection('counts', 'tallies');

      beforeEach(async () => {
        copy = await activeCopy(store, 'counts', tallies, counted, 5n);
      });

      it('when a collection keeps fields in columns its documents read back whole, by id, in finds and in loads', async () => {
        expect(await read().get('b')).toEqual(counted[1]);
        expect(await read().get('d')).toEqual(counted[3]);
        expect((await read().find({}, { sort: [['_id', 1]] })).items).toEqual(counted);
        const loaded = await store.load(copy, 'tallies', ['a', 'd', 'zzz']);
        expect(Object.fromEntries(loaded)).toEqual({ a: counted[0], d: counted[3] });
      });

      it('when filtering, sorting, paging and counting on column fields it answers as on any other field', async () => {
        const sorted = async (filter: Parameters<ReturnType<typeof read>['find']>[0]) =>
          ids((await read().find(filter, { sort: [['_id', 1]] })).items);
        expect(await sorted({ hot: true })).toEqual(['b', 'c', 'e']);
        expect(await sorted({ votes: { $gte: 3, $lt: 12 } })).toEqual(['a']);
        expect(await sorted({ votes: null })).toEqual(['d']);
        expect(await sorted({ group: 'x', votes: { $in: [0, 12] } })).toEqual(['b', 'e']);
        expect(await read().count({ hot: true, gap: { $lte: 0.25 } })).toBe(2);
        for (const [sort, expected] of [
          [[['votes', -1]], ['c', 'b', 'a', 'e', 'd']],
          [[['votes', 1]], ['d', 'e', 'a', 'b', 'c']],
          [
            [
              ['hot', 1],
              ['gap', 1],
            ],
            ['d', 'a', 'b', 'e', 'c'],
          ],
        ] as const) {
          const seen: string[] = [];
          let after: string | undefined;
          do {
            const page = await read().find({}, { sort, limit: 2, ...(after ? { after } : {}) });
            seen.push(...ids(page.items));
            after = page.next;
          } while (after);
          expect(seen).toEqual(expected);
        }
        expect(
          ids((await read().find({ group: 'x' }, { sort: [['votes', -1]], limit: 2 })).items),
        ).toEqual(['b', 'a']);
      });

      it('when only the column fields change, or only the rest, or both, reads follow every change', async () => {
        // Read first, so that a read cache would have to let go of what it kept.
        expect(ids((await read().find({ hot: false }, { sort: [['_id', 1]] })).items)).toEqual([
          'a',
          'd',
        ]);
        await store.commit(copy, [tally({ ...counted[0]!, votes: 4, hot: true }, 6n)], 6n);
        expect(await read().get('a')).toEqual({ ...counted[0], votes: 4, hot: true });
        expect(ids((await read().find({ hot: false }, { sort: [['_id', 1]] })).items)).toEqual([
          'd',
        ]);

        await store.commit(copy, [tally({ ...counted[3]!, group: 'x' }, 7n)], 7n);
        expect(await read().count({ group: 'x' })).toBe(4);

        const { votes: _dropped, ...withoutVotes } = counted[1]!;
        await store.commit(
          copy,
          [
            tally({ ...withoutVotes, tags: { n: 20 } }, 8n),
            tally({ ...counted[3]!, group: 'y', votes: 1 }, 8n),
            tally(counted[4]!, 8n),
          ],
          8n,
        );
        expect(await read().get('b')).toEqual({ ...withoutVotes, tags: { n: 20 } });
        expect(await read().get('d')).toEqual({ ...counted[3], votes: 1 });
        expect(ids((await read().find({ votes: null })).items)).toEqual(['b']);
        expect(await store.checkpoint(copy)).toBe(8n);
      });

      it('when a copy is built with deferred indexes it reads the same once they exist', async () => {
        const next = await store.createGeneration('counts', 2, [tallies], { deferIndexes: true });
        await store.commit(
          next,
          counted.map((d) => tally(d, 9n)),
          9n,
        );
        await store.ensureCollections(next, [tallies]);
        await store.activate(next, { expectedActive: copy.generation });
        expect(ids((await read().find({ hot: true }, { sort: [['gap', 1]] })).items)).toEqual([
          'b',
          'e',
          'c',
        ]);
      });
    });

    describe('partial indexes', () => {
      /** Flagged items by score, and hot tallies by gap: each index holds only those. */
      const partialItems: CollectionSpec = {
        name: 'items',
        indexes: [{ fields: [['score', -1]], where: { flagged: true } }],
      };
      const partialTallies: CollectionSpec = {
        ...tallies,
        indexes: [{ fields: [['gap', 1]], where: { hot: true } }],
      };

      it('when an index holds only some documents, finds with or without its values answer every document, as they change', async () => {
        const copy = await store.createGeneration('partial', 1, [partialItems, partialTallies]);
        await store.commit(
          copy,
          [...sample.map((doc) => put(doc)), ...counted.map((doc) => tally(doc))],
          1n,
        );
        await store.activate(copy, { expectedActive: null });
        const items = () => store.collection('partial', 'items');
        const hot = async () =>
          ids(
            (
              await store
                .collection('partial', 'tallies')
                .find({ hot: true }, { sort: [['gap', 1]] })
            ).items,
          );
        const flagged = async () =>
          ids((await items().find({ flagged: true }, { sort: [['score', -1]] })).items);
        expect(await flagged()).toEqual(['d', 'a']);
        expect(
          ids((await items().find({ flagged: false }, { sort: [['score', -1]] })).items),
        ).toEqual(['b', 'c', 'f', 'e']);
        expect(ids((await items().find({}, { sort: [['score', -1]], limit: 2 })).items)).toEqual([
          'b',
          'c',
        ]);
        expect(await items().count({ flagged: { $eq: true } })).toBe(2);
        expect(await hot()).toEqual(['b', 'e', 'c']);

        await store.commit(
          copy,
          [
            put({ ...sample[1]!, flagged: true }, 2n),
            put({ ...sample[0]!, flagged: false }, 2n),
            tally({ ...counted[2]!, hot: false }, 2n),
          ],
          2n,
        );
        expect(await flagged()).toEqual(['b', 'd']);
        expect(await hot()).toEqual(['b', 'e']);
      });
    });

    describe('insert-only collections', () => {
      const byViewer = async (target: Generation, viewer: string) =>
        ids(
          (
            await store
              .generationCollection(target, 'seen')
              .find({ viewer }, { sort: [['viewer', 1]] })
          ).items,
        );

      it('when a document is written only where absent, one already there is kept as it was', async () => {
        const copy = await store.createGeneration('seen-by', 1, [seenRows]);
        await store.commit(copy, [seenRow('ann', 's1', 1n)], 1n);
        const first = await store.generationCollection(copy, 'seen').get('ann s1');
        await store.commit(
          copy,
          [
            {
              ...seenRow('ann', 's1', 2n),
              doc: { _id: 'ann s1', viewer: 'ann', story: 'changed' },
            },
          ],
          2n,
        );
        expect(await store.generationCollection(copy, 'seen').get('ann s1')).toEqual(first);
        expect(await store.checkpoint(copy)).toBe(2n);
      });

      it('when one commit writes a document twice only where absent, the first is kept, in a live copy and in one loading with deferred indexes', async () => {
        const twice = (position: bigint) => [
          seenRow('ann', 's1', position),
          {
            ...seenRow('ann', 's1', position + 1n),
            doc: { _id: 'ann s1', viewer: 'ann', story: 'later' },
          },
        ];
        const live = await store.createGeneration('seen-by', 1, [seenRows]);
        await store.commit(live, twice(1n), 2n);
        const loading = await store.createGeneration('seen-by', 1, [seenRows], {
          deferIndexes: true,
        });
        await store.commit(loading, twice(1n), 2n);
        await store.ensureCollections(loading, [seenRows]);
        for (const copy of [live, loading]) {
          const seen = store.generationCollection(copy, 'seen');
          expect(await seen.get('ann s1')).toEqual({ _id: 'ann s1', viewer: 'ann', story: 's1' });
          expect(await seen.count()).toBe(1);
        }
      });

      it('when a copy with deferred indexes is loaded in several batches, with repeats, it reads each document once after its indexes are made', async () => {
        const copy = await store.createGeneration('seen-by', 1, [seenRows], { deferIndexes: true });
        await store.commit(copy, [seenRow('bea', 's2', 1n), seenRow('ann', 's1', 2n)], 2n);
        await store.commit(copy, [seenRow('ann', 's1', 3n), seenRow('ann', 's3', 4n)], 4n);
        await store.ensureCollections(copy, [seenRows]);
        expect(await byViewer(copy, 'ann')).toEqual(['ann s1', 'ann s3']);
        expect(await byViewer(copy, 'bea')).toEqual(['bea s2']);
        expect(await store.generationCollection(copy, 'seen').count()).toBe(3);
        // Written as any other copy once its indexes exist.
        await store.commit(copy, [seenRow('bea', 's2', 5n), seenRow('bea', 's4', 6n)], 6n);
        expect(await byViewer(copy, 'bea')).toEqual(['bea s2', 'bea s4']);
      });

      it('when such a copy is dropped before its indexes are made, nothing of it is left to read', async () => {
        const copy = await store.createGeneration('seen-by', 1, [seenRows], { deferIndexes: true });
        await store.commit(copy, [seenRow('ann', 's1', 1n)], 1n);
        await store.drop(copy);
        const next = await store.createGeneration('seen-by', 1, [seenRows]);
        expect(await store.generationCollection(next, 'seen').count()).toBe(0);
      });
    });

    it('when a projection has no active generation its collections read as empty', async () => {
      const none = store.collection('nothing-here', 'items');
      expect(await none.get('a')).toBeUndefined();
      expect(await none.find({})).toEqual({ items: [] });
      expect(await none.count()).toBe(0);
    });

    textSearchContract(harness);
  });
}
