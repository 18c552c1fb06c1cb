import { describe, expect, it } from 'vitest';
import { toPage } from './page';

describe('toPage', () => {
  it('when the read model has a next page it answers its cursor as nextCursor', () => {
    expect(toPage({ items: [1, 2], next: 'WzIsImEiXQ' }, (n) => n * 10)).toEqual({
      items: [10, 20],
      nextCursor: 'WzIsImEiXQ',
    });
  });

  it('when the page is the last it answers nextCursor null, never a missing key', () => {
    const page = toPage({ items: ['a'] });
    expect(page).toEqual({ items: ['a'], nextCursor: null });
    expect(JSON.parse(JSON.stringify(page))).toHaveProperty('nextCursor', null);
  });

  it('when a view is given it maps each item alone, never with its index', () => {
    const seen: unknown[][] = [];
    toPage({ items: ['x', 'y'] }, (...args: unknown[]) => seen.push(args));
    expect(seen).toEqual([['x'], ['y']]);
  });

  it('when the read model page is empty it answers no items and no next page', () => {
    expect(toPage({ items: [] }, String)).toEqual({ items: [], nextCursor: null });
  });
});
