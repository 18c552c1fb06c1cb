import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionSpec, Doc, ReadStore, TextIndexSpec, TextQuery } from './port';
import { MARK_END, MARK_START } from './text-excerpt';

const textIndex: TextIndexSpec = { field: 'body', where: { listed: true } };
const notes: CollectionSpec = { name: 'notes', indexes: [], text: textIndex };

const note = (id: string, body: string, kind = 'home', listed = true): Doc => ({
  _id: id,
  body,
  kind,
  listed,
});

const sample: Doc[] = [
  note('a', 'He keeps arguing about the dishes every single night.'),
  note('b', 'She argued that the washing machine was broken.', 'money'),
  note('c', 'The dishes pile up while they argue, argue and argue.'),
  note('d', 'Nobody mentions any quarrel here.'),
  note('e', 'A pending story about arguing over dishes.', 'home', false),
];

const query = (q: Partial<TextQuery>): TextQuery => ({
  words: [],
  phrases: [],
  excluded: [],
  ...q,
});

/** The text search every store passes: stems, phrases, exclusions, the index's `where`, pages. */
export function textSearchContract(harness: {
  open(): Promise<ReadStore>;
  close(store: ReadStore): Promise<void>;
}): void {
  describe('text search', () => {
    let store: ReadStore;
    beforeEach(async () => {
      store = await harness.open();
    });
    afterEach(async () => harness.close(store));

    async function liveNotes(docs: readonly Doc[], deferIndexes = false) {
      const copy = await store.createGeneration('notebook', 1, [notes], { deferIndexes });
      await store.commit(
        copy,
        docs.map((doc) => ({ collection: 'notes', id: doc._id, doc, position: 1n })),
        1n,
      );
      if (deferIndexes) await store.ensureCollections(copy, [notes]);
      await store.activate(copy, { expectedActive: null });
      return copy;
    }
    const search = (q: Partial<TextQuery>, filter = {}, limit = 10) =>
      store.textCollection('notebook', 'notes', textIndex).search(query(q), { filter, limit });
    const found = async (q: Partial<TextQuery>, filter = {}) =>
      (await search(q, filter)).items.map((hit) => hit.doc._id).sort();

    it('when a word is searched the listed documents holding any form of it are found, most relevant first', async () => {
      await liveNotes(sample);
      const page = await search({ words: ['argue'] });
      expect(page.items.map((hit) => hit.doc._id).sort()).toEqual(['a', 'b', 'c']);
      // Three times in a short text ranks above once in a longer one.
      expect(page.items[0]!.doc._id).toBe('c');
      expect(page.items[0]!.doc).toEqual(sample[2]);
      expect(page.next).toBeUndefined();
    });

    it('when words, a phrase and an exclusion are searched all words and the phrase must be there and the exclusion not', async () => {
      await liveNotes(sample);
      expect(await found({ words: ['argue', 'dishes'] })).toEqual(['a', 'c']);
      expect(await found({ phrases: [['washing', 'machine']] })).toEqual(['b']);
      expect(await found({ phrases: [['machine', 'washing']] })).toEqual([]);
      expect(await found({ words: ['argue'], excluded: [['night']] })).toEqual(['b', 'c']);
      expect(await found({ words: ['argue'], excluded: [['single', 'night']] })).toEqual([
        'b',
        'c',
      ]);
      expect(await found({ words: ['argue'] }, { kind: 'money' })).toEqual(['b']);
    });

    it('when a document stops matching the index condition it leaves the index, and comes back when it matches again', async () => {
      const copy = await liveNotes(sample);
      const write = (doc: Doc | null, id: string, position: bigint) =>
        store.commit(copy, [{ collection: 'notes', id, doc, position }], position);
      await write({ ...sample[0]!, listed: false }, 'a', 2n);
      expect(await found({ words: ['argue'] })).toEqual(['b', 'c']);
      await write({ ...sample[4]!, listed: true }, 'e', 3n);
      expect(await found({ words: ['argue'] })).toEqual(['b', 'c', 'e']);
      await write(null, 'c', 4n);
      expect(await found({ words: ['argue'] })).toEqual(['b', 'e']);
      await write({ ...sample[1]!, body: 'She bought a new kettle.' }, 'b', 5n);
      expect(await found({ words: ['argue'] })).toEqual(['e']);
      expect(await found({ words: ['kettle'] })).toEqual(['b']);
    });

    it('when the results are paged each page continues after the last hit, every hit once, in order', async () => {
      const many = Array.from({ length: 7 }, (_, n) =>
        note(`n${n}`, `${'dishes '.repeat(n + 1)}and some other words to weigh the text`),
      );
      await liveNotes(many);
      const whole = (await search({ words: ['dishes'] })).items.map((hit) => hit.doc._id);
      expect(whole).toHaveLength(7);
      const walked: string[] = [];
      let after: string | undefined;
      do {
        const page = await store
          .textCollection('notebook', 'notes', textIndex)
          .search(query({ words: ['dishes'] }), { limit: 3, ...(after ? { after } : {}) });
        walked.push(...page.items.map((hit) => hit.doc._id));
        after = page.next;
      } while (after);
      expect(walked).toEqual(whole);
    });

    it('when a document is found its excerpt is plain text with the matched words flagged', async () => {
      await liveNotes(sample);
      const [hit] = (await search({ words: ['washing'] })).items;
      const pieces = hit!.excerpt;
      expect(pieces.filter((p) => p.match).map((p) => p.text.toLowerCase())).toEqual(['washing']);
      expect(pieces.map((p) => p.text).join('')).toContain('washing machine');
      expect(pieces.every((p) => !/[<>]/.test(p.text) && !p.text.includes(MARK_START))).toBe(true);
      expect(pieces.every((p) => !p.text.includes(MARK_END))).toBe(true);
    });

    it('when a short text is found its excerpt is the whole text, the match flagged', async () => {
      await liveNotes([note('s', 'A kayak, 2 paddles.')]);
      const [hit] = (await search({ words: ['kayak'] })).items;
      expect(hit!.excerpt.map((p) => p.text).join('')).toMatch(/^A kayak, 2 paddles\.?$/);
      expect(hit!.excerpt.filter((p) => p.match).map((p) => p.text)).toEqual(['kayak']);
    });

    it('when a copy is loaded before its indexes are made its text index holds what was loaded', async () => {
      await liveNotes(sample, true);
      expect(await found({ words: ['argue'] })).toEqual(['a', 'b', 'c']);
    });

    it('when a projection has no active copy a search finds nothing', async () => {
      expect((await search({ words: ['argue'] })).items).toEqual([]);
    });
  });
}
