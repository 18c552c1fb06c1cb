import type { FieldCondition } from './port';

/**
 * The strings that start with `prefix`, as a range both stores answer from an index: from
 * `prefix` up to, not including, `prefix` with its last character replaced by the next one.
 * Both compare strings by code point (SQLite's UTF-8 bytes, MongoDB's too), so the range is
 * exact for any prefix; a prefix of only the last code point there is has no upper bound.
 */
export function startingWith(prefix: string): FieldCondition {
  const codePoints = [...prefix];
  while (codePoints.length) {
    const last = codePoints.pop()!.codePointAt(0)!;
    const next = last === 0xd7ff ? 0xe000 : last + 1;
    if (next <= 0x10ffff)
      return { $gte: prefix, $lt: codePoints.join('') + String.fromCodePoint(next) };
  }
  return { $gte: prefix };
}
