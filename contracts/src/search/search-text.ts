/**
 * What a reader types in the search field, read as a search: words that must all appear (each
 * matched by its stem), phrases in double quotes that must appear as written (stemmed too), and
 * words or phrases after a leading `-` that must not appear. A word is a run of letters and
 * digits; anything else separates words, so nothing a reader types reaches a store's query
 * language as syntax.
 */
export interface SearchText {
  /** Single words, lower case. */
  words: string[];
  /** Quoted phrases of two or more words, lower case. */
  phrases: string[][];
  /** Words or phrases to leave out, lower case. */
  excluded: string[][];
}

/** At most this many words, phrases and exclusions together: a longer search narrows nothing. */
export const SEARCH_TERMS_MAX = 12;

const WORD = /[\p{L}\p{N}]+/gu;
// A quoted phrase (closed or running to the end), or a run of anything else but white space.
const TOKEN = /(-?)"([^"]*)"?|(-?)(\S+)/g;

const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(WORD) ?? []).slice(0, SEARCH_TERMS_MAX);

/** The search the text asks for; terms beyond `SEARCH_TERMS_MAX` are dropped. */
export function parseSearchText(text: string): SearchText {
  const search: SearchText = { words: [], phrases: [], excluded: [] };
  let terms = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (terms >= SEARCH_TERMS_MAX) break;
    const negated = (match[1] ?? match[3]) === '-';
    const quoted = match[2] !== undefined;
    const words = wordsOf(match[2] ?? match[4] ?? '');
    if (words.length === 0) continue;
    terms += 1;
    if (negated) search.excluded.push(words);
    else if (quoted && words.length > 1) search.phrases.push(words);
    else search.words.push(...words);
  }
  return search;
}

/** Whether the search looks for something: exclusions alone would list every story. */
export function looksForSomething(search: SearchText): boolean {
  return search.words.length > 0 || search.phrases.length > 0;
}
