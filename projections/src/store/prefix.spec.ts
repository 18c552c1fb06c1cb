import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startingWith } from './prefix';

/** Code-point order, as SQLite and MongoDB compare strings (JavaScript's `<` compares UTF-16 units). */
function compare(a: string, b: string): number {
  const [x, y] = [[...a], [...b]];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

const inRange = (value: string, range: ReturnType<typeof startingWith>) =>
  compare(value, range.$gte as string) >= 0 &&
  (range.$lt === undefined || compare(value, range.$lt as string) < 0);

describe('startingWith', () => {
  it('when the prefix ends in an ASCII character the range ends at the next one', () => {
    expect(startingWith('u-ann:')).toEqual({ $gte: 'u-ann:', $lt: 'u-ann;' });
    expect(startingWith('ann ')).toEqual({ $gte: 'ann ', $lt: 'ann!' });
  });

  it('when the prefix ends at the edges of the code points it steps over surrogates and carries', () => {
    expect(startingWith('a\ud7ff').$lt).toBe('a\ue000');
    expect(startingWith('a\u{10ffff}').$lt).toBe('b');
    expect(startingWith('\u{10ffff}')).toEqual({ $gte: '\u{10ffff}' });
  });

  it('when any string is tested it is in the range exactly when it starts with the prefix', () => {
    const text = fc.string({ unit: 'binary', maxLength: 6 });
    fc.assert(
      fc.property(text, text, (prefix, rest) => {
        expect(inRange(prefix + rest, startingWith(prefix))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(text, text, (prefix, value) => {
        expect(inRange(value, startingWith(prefix))).toBe(value.startsWith(prefix));
      }),
    );
  });
});
