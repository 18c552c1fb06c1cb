import { describe, expect, it } from 'vitest';
import { looksForSomething, parseSearchText, SEARCH_TERMS_MAX } from './search-text';

describe('search text', () => {
  it('when a reader types words, a quoted phrase and minus words each becomes its part, in lower case', () => {
    expect(parseSearchText('Dishes "whose TURN" -sink -"every night"')).toEqual({
      words: ['dishes'],
      phrases: [['whose', 'turn']],
      excluded: [['sink'], ['every', 'night']],
    });
  });

  it('when the text holds query syntax of a store it is read as words only', () => {
    expect(parseSearchText('dishes* OR (sink) NEAR/2 "a')).toEqual({
      words: ['dishes', 'or', 'sink', 'near', '2', 'a'],
      phrases: [],
      excluded: [],
    });
  });

  it('when a quote holds one word or none it is a word or nothing; a dash inside a word splits it', () => {
    expect(parseSearchText('"towels" "" in-laws')).toEqual({
      words: ['towels', 'in', 'laws'],
      phrases: [],
      excluded: [],
    });
  });

  it('when only words to leave out are given it looks for nothing', () => {
    expect(looksForSomething(parseSearchText('-dishes -"the sink"'))).toBe(false);
    expect(looksForSomething(parseSearchText('towels -dishes'))).toBe(true);
  });

  it('when more terms are typed than a search takes the rest are dropped', () => {
    const many = Array.from({ length: SEARCH_TERMS_MAX + 5 }, (_, i) => `w${i}`).join(' ');
    expect(parseSearchText(many).words).toHaveLength(SEARCH_TERMS_MAX);
  });
});
