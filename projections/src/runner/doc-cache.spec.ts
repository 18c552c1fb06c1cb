import { describe, expect, it } from 'vitest';
import { DocCache } from './doc-cache';

/** A complete cache of at most 4 documents holding `ids`, each stored unless named in `missing`. */
function completeCacheOf(ids: string[], missing: string[] = []) {
  const cache = new DocCache(4, true);
  const docs = cache.docs('docs');
  for (const id of ids) cache.entry(docs, id)!.doc = missing.includes(id) ? null : { _id: id };
  return { cache, docs };
}

describe('DocCache', () => {
  it('knows a miss of a complete cache is a document that does not exist', () => {
    const { cache, docs } = completeCacheOf(['a']);
    expect(cache.has('docs', 'never-seen')).toBe(true);
    expect(cache.entry(docs, 'never-seen')).toMatchObject({ doc: null });
    expect(cache.allInMemory).toBe(true);
  });

  it('drops the older half once full and stays complete, asking to load only dropped documents', () => {
    const { cache, docs } = completeCacheOf(['a', 'b', 'c', 'd', 'e'], ['b']);
    cache.trim();
    expect([...docs.keys()]).toEqual(['d', 'e']);
    expect(cache.complete).toBe(true);
    expect(cache.allInMemory).toBe(false);
    // Stored and dropped: must be loaded again.
    expect(cache.has('docs', 'a')).toBe(false);
    expect(cache.has('docs', 'c')).toBe(false);
    expect(cache.entry(docs, 'a')).toBeUndefined();
    // Dropped but known not to exist, or never seen: no load.
    expect(cache.has('docs', 'b')).toBe(true);
    expect(cache.has('docs', 'new')).toBe(true);

    cache.set('docs', 'a', { _id: 'a' });
    cache.set('docs', 'c', { _id: 'c' });
    expect(cache.has('docs', 'a')).toBe(true);
    expect(cache.allInMemory).toBe(true);
  });

  it('drops everything from an incomplete cache once full', () => {
    const cache = new DocCache(2, false);
    for (const id of ['a', 'b', 'c']) cache.set('docs', id, { _id: id });
    cache.trim();
    expect(cache.has('docs', 'a')).toBe(false);
    expect(cache.docs('docs').size).toBe(0);
    expect(cache.complete).toBe(false);
  });
});
