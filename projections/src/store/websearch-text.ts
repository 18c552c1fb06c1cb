import type { TextQuery } from './port';

const quoted = (words: readonly string[]) => `"${words.join(' ')}"`;

/**
 * The query in the web-search syntax PostgreSQL's `websearch_to_tsquery` and MongoDB's `$text`
 * read: words, "phrases", and `-` before what must not appear. The words hold only letters and
 * digits, so none of them reads as an operator.
 */
export function websearchText(query: TextQuery): string {
  return [
    ...query.words,
    ...query.phrases.map(quoted),
    ...query.excluded.map((words) => `-${words.length > 1 ? quoted(words) : words[0]}`),
  ].join(' ');
}
