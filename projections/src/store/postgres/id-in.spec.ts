import { describe, expect, it } from 'vitest';
import { idIn } from './id-in';

describe('idIn', () => {
  it('lists a few ids one parameter each, numbered after the values already there', () => {
    const values: unknown[] = ['first'];
    expect(idIn(['a', 'b'], values)).toBe('id IN ($2::text, $3::text)');
    expect(values).toEqual(['first', 'a', 'b']);
  });

  it('passes many ids as one array, so a batch of any size keeps one text', () => {
    const ids = Array.from({ length: 17 }, (_, i) => `id-${i}`);
    const values: unknown[] = [];
    expect(idIn(ids, values)).toBe('id = ANY($1::text[])');
    expect(values).toEqual([ids]);
  });
});
