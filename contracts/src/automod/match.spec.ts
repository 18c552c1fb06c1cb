import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRule, firstMatch, matchedPhrase, phraseProblem } from './match';

const rule = (phrases: string[], id = 'r1') => compileRule({ id, name: id, phrases });
const matches = (phrase: string, text: string) => matchedPhrase(rule([phrase]), text) !== null;

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
    expect(rule(['*', 'ok *']).phrases).toEqual([]);
  });

  it('name the first rule in order that matches, with its phrase', () => {
    const rules = [rule(['spam'], 'a'), rule(['buy now', 'spam'], 'b')];
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
        expect(matches(`${stem}*`, `so ${stem}${ending} then`)).toBe(true);
        if (stem.length > 1)
          expect(matches(`${stem}*`, `so ${stem.slice(0, -1)} then`)).toBe(false);
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
