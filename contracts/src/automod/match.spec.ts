import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules, firstMatch, phraseProblem, phraseWords } from './match';

const rule = (phrases: string[], id = 'r1') => ({ id, name: id, phrases });
const matches = (phrase: string, text: string) =>
  firstMatch(compileRules([rule([phrase])]), text) !== null;

describe('automod phrases', () => {
  it('match whole words only, ignoring case', () => {
    expect(matches('idiot', 'What an IDIOT he is')).toBe(true);
    expect(matches('idiot', 'idiotic, really')).toBe(false);
    expect(matches('idiot', 'an idiot.')).toBe(true);
    expect(matches('ass', 'a class act')).toBe(false);
    expect(matches('Ärger', 'so viel ärger')).toBe(true);
  });

  it('match the words of a phrase in order, whatever lies between them', () => {
    expect(matches('shut up', 'Just SHUT   up!')).toBe(true);
    expect(matches('shut up', 'shut-up')).toBe(true);
    expect(matches('shut up', 'up shut')).toBe(false);
    expect(matches('shut up', 'shut the door, up')).toBe(false);
  });

  it('take * for any letters and ? for one, within a word', () => {
    expect(matches('scam*', 'total scammers')).toBe(true);
    expect(matches('scam*', 'a scam')).toBe(true);
    expect(matches('*scam', 'pure antiscam')).toBe(true);
    expect(matches('scam*', 'no scram')).toBe(false);
    expect(matches('l?ser', 'what a loser')).toBe(true);
    expect(matches('l?ser', 'what a lser')).toBe(false);
    expect(matches('l?ser', 'what a looser')).toBe(false);
    // A wildcard stays within its word.
    expect(matches('scam*', 'scam artist')).toBe(true);
    expect(matches('sc*ist', 'scam artist')).toBe(false);
  });

  it('match many wildcards on a long word without backtracking out of bounds', () => {
    // As a regular expression, seven `*` took seconds on a word of 40 letters.
    const many = `${'*a'.repeat(20)}*b`;
    expect(matches(many, 'a'.repeat(5_000))).toBe(false);
    expect(matches(many, `${'a'.repeat(5_000)}b`)).toBe(true);
    expect(matches('a*a*?', 'aaa')).toBe(true);
    expect(matches('a*a*?', 'aa')).toBe(false);
  });

  it('when the runs between two `*` could overlap it places them one after the other', () => {
    expect(matches('*ab*ba*', 'xabbay')).toBe(true);
    expect(matches('*ab*ba*', 'abax')).toBe(false);
    expect(matches('a*?b*b', 'axbb')).toBe(true);
    expect(matches('*ab*b?*', 'xabz')).toBe(false);
  });

  it('when a run is longer than 31 letters it is found anywhere in a long word, wildcards included', () => {
    const run = `${'ab'.repeat(15)}?${'c'.repeat(10)}`;
    const word = (middle: string) => `${'ab'.repeat(200)}${middle}${'ab'.repeat(200)}`;
    expect(matches(`*${run}*`, word(`${'ab'.repeat(15)}z${'c'.repeat(10)}`))).toBe(true);
    expect(matches(`*${run}*`, word(`${'ab'.repeat(15)}${'c'.repeat(10)}`))).toBe(false);
    expect(matches(`*${run}*`, word(`${'ab'.repeat(15)}z${'c'.repeat(9)}`))).toBe(false);
  });

  it('when a phrase ends inside a longer one the text begins it is found', () => {
    const rules = compileRules([rule(['x y z', 'y'], 'a')]);
    expect(firstMatch(rules, 'x y')?.phrase).toBe('y');
    expect(firstMatch(rules, 'x y z')?.phrase).toBe('x y z');
    expect(firstMatch(rules, 'x x y z')?.phrase).toBe('x y z');
    expect(firstMatch(rules, 'x z')).toBeNull();
  });

  it('when a hundred rules of the costliest phrases screen a word of 100,000 letters it finishes', () => {
    // Backtracking to the last `*`, these took a second per 1,000 letters; a regular expression, forever.
    const rules = (phrase: (n: number) => string) =>
      compileRules(
        Array.from({ length: 100 }, (_, r) =>
          rule(
            Array.from({ length: 50 }, (_, p) => phrase(r * 50 + p)),
            `r${r}`,
          ),
        ),
      );
    const suffix = (n: number) => n.toString(36).padStart(4, '0');
    const ending = rules((n) => `*${'a'.repeat(51)}${suffix(n)}b`);
    const inside = rules((n) => `*${'a'.repeat(50)}${suffix(n)}b*`);
    const many = rules((n) => `${suffix(n)}${'*a'.repeat(27)}*b`);
    const word = 'a'.repeat(100_000);
    expect(firstMatch(ending, word)).toBeNull();
    expect(firstMatch(inside, word)).toBeNull();
    expect(firstMatch(many, word)).toBeNull();
    expect(firstMatch(ending, `${'a'.repeat(60)}${suffix(4_999)}b`)?.rule.id).toBe('r99');
  });

  it('read every other character literally', () => {
    expect(matches("don't", "I DON'T care")).toBe(true);
    expect(matches('a.b', 'a b')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
  });

  it('refuse phrases without a letter or digit in each word', () => {
    expect(phraseProblem('*')).not.toBeNull();
    expect(phraseProblem('ok *')).not.toBeNull();
    expect(phraseProblem('  ')).not.toBeNull();
    expect(phraseProblem('x'.repeat(61))).not.toBeNull();
    expect(phraseProblem('ok*')).toBeNull();
    expect(compileRules([rule(['*', 'ok *'])]).ranked).toEqual([]);
  });

  it('name the first rule in order that matches, with its phrase', () => {
    const rules = compileRules([rule(['spam'], 'a'), rule(['buy now', 'spam'], 'b')]);
    expect(firstMatch(rules, 'BUY now, spam')).toEqual({
      rule: { id: 'a', name: 'a', phrases: ['spam'] },
      phrase: 'spam',
    });
    expect(firstMatch(rules, 'buy now')?.rule.id).toBe('b');
    expect(firstMatch(rules, 'nothing here')).toBeNull();
  });
});

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const separator = fc.constantFrom(' ', '  ', ', ', '! ', '\n', ' - ');

describe('automod phrases, for any words', () => {
  it('a phrase is found in any text that holds its words, in any case', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.array(word, { maxLength: 4 }),
        fc.array(word, { maxLength: 4 }),
        separator,
        (phrase, before, after, sep) => {
          const text = [...before, phrase.join(sep).toUpperCase(), ...after].join(' ');
          expect(matches(phrase.join(' '), text)).toBe(true);
        },
      ),
    );
  });

  it('a word never matches inside a longer word', () => {
    fc.assert(
      fc.property(word, word, (w, extra) => {
        expect(matches(w, `${w}${extra}`)).toBe(false);
        expect(matches(w, `${extra}${w}`)).toBe(false);
      }),
    );
  });

  it('`*` at the end matches the word with any ending, and never less than the stem', () => {
    fc.assert(
      fc.property(word, fc.stringMatching(/^[a-z]{0,6}$/), (stem, ending) => {
        expect(matches(`${stem}*`, `(${stem}${ending}!)`)).toBe(true);
        if (stem.length > 1) expect(matches(`${stem}*`, `(${stem.slice(0, -1)}!)`)).toBe(false);
      }),
    );
  });

  it('text with none of the phrase letters never matches', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const clean = text.replace(/[qQ]/g, '');
        expect(matches('q*', clean)).toBe(false);
      }),
    );
  });
});

/**
 * What a phrase means, as one regular expression: fine on short texts, slow on long ones. The
 * generated texts and phrases use only the characters below, so a plain class stands for "a
 * letter, digit or apostrophe" (a Unicode property class takes a millisecond to compile).
 */
const LETTER = "[a-z0-9'é]";
function reference(phrase: string): RegExp {
  const words = phraseWords(phrase).map((word) =>
    Array.from(word.toLowerCase(), (char) =>
      char === '*' ? `${LETTER}*` : char === '?' ? LETTER : char,
    ).join(''),
  );
  return new RegExp(`(?<!${LETTER})${words.join(`[^${LETTER.slice(1)}+`)}(?!${LETTER})`, 'u');
}
const referenceMatches = (phrase: string, text: string) =>
  reference(phrase).test(text.toLowerCase());

const few = (chars: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...chars), { maxLength }).map((list) => list.join(''));
/** Few letters, so that phrases and texts meet often. */
const shortText = few(['a', 'a', 'b', 'B', 'é', '1', "'", ' ', ' ', ' ', '-'], 24);
const literalWord = fc
  .tuple(fc.constantFrom('a', 'b', 'A'), few(['a', 'b'], 2))
  .map((parts) => parts.join(''));
/** Words of wildcards and letters, each with a letter (which `phraseProblem` asks). */
const globWord = fc
  .tuple(
    few(['a', 'b', '*', '?'], 4),
    fc.constantFrom('a', 'b', 'B', 'é'),
    few(['a', 'b', '*', '?'], 4),
  )
  .map((parts) => parts.join(''));
const shortPhrase = fc
  .array(fc.oneof({ arbitrary: literalWord, weight: 2 }, { arbitrary: globWord, weight: 1 }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((words) => words.join(' '));

describe('automod phrases, against the regular expression they mean', () => {
  it('when a phrase meets a short text it matches exactly when its regular expression does', () => {
    fc.assert(
      fc.property(shortPhrase, shortText, (phrase, text) => {
        expect(matches(phrase, text)).toBe(referenceMatches(phrase, text));
      }),
      { numRuns: 3_000 },
    );
  });

  it('when several rules match the first in order wins, with its first phrase found', () => {
    const rules = fc.array(fc.array(shortPhrase, { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(rules, shortText, (phrasesOfRules, text) => {
        const all = phrasesOfRules.map((phrases, i) => rule(phrases, `r${i}`));
        const expected = all
          .map((r) => ({ rule: r, phrase: r.phrases.find((p) => referenceMatches(p, text)) }))
          .find((found) => found.phrase !== undefined);
        expect(firstMatch(compileRules(all), text)).toEqual(expected ?? null);
      }),
      { numRuns: 1_000 },
    );
  });

  it('when a glob has long runs it matches a long word exactly when its regular expression does', () => {
    const run = fc
      .tuple(fc.constantFrom('a', 'b'), few(['a', 'a', 'b', '?'], 40))
      .map((parts) => parts.join(''));
    const glob = fc
      .tuple(fc.boolean(), fc.array(run, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([lead, runs, trail]) => `${lead ? '*' : ''}${runs.join('*')}${trail ? '*' : ''}`)
      .filter((phrase) => phraseProblem(phrase) === null);
    const longWord = few(['a', 'a', 'a', 'b'], 120);
    fc.assert(
      fc.property(glob, longWord, (phrase, text) => {
        expect(matches(phrase, text)).toBe(referenceMatches(phrase, text));
      }),
      { numRuns: 1_000 },
    );
  });
});
