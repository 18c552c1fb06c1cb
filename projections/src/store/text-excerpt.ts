import type { ExcerptPiece } from './port';

/**
 * Where a store's highlighter marks a matched word: control characters stored text never holds
 * (texts are cleaned of them when written, and the search read model strips them again), so a
 * mark can never be forged by what someone wrote.
 */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/** The highlighter's output as pieces of plain text, the matched ones flagged. */
export function piecesOf(marked: string): ExcerptPiece[] {
  const pieces: ExcerptPiece[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = pieces[pieces.length - 1];
    if (last?.match === match) last.text += text;
    else pieces.push({ text, match });
  };
  for (const [i, part] of marked.split(MARK_START).entries()) {
    if (i === 0) {
      push(part.replaceAll(MARK_END, ''), false);
      continue;
    }
    const end = part.indexOf(MARK_END);
    if (end < 0) push(part, true);
    else {
      push(part.slice(0, end), true);
      push(part.slice(end + 1).replaceAll(MARK_END, ''), false);
    }
  }
  return pieces;
}

const WORD = /[\p{L}\p{N}]+/gu;
/** A word's crude stem: enough of its start that "arguing" and "argued" meet at "argu". */
const stemOf = (word: string) => word.toLowerCase().slice(0, Math.max(4, word.length - 3));

/**
 * An excerpt of `text` around the first word the query finds, `words` words long, each found
 * word marked: for a store whose text search has no highlighter of its own (MongoDB). A word is
 * found when it starts like a query word (a crude stem), which marks what a stemmer matched.
 */
export function excerptAround(
  text: string,
  query: { words: readonly string[]; phrases: ReadonlyArray<readonly string[]> },
  words: number,
): ExcerptPiece[] {
  const stems = [...query.words, ...query.phrases.flat()].map(stemOf);
  const found = (word: string) => stems.some((stem) => word.toLowerCase().startsWith(stem));
  const all = [...text.matchAll(WORD)];
  const first = Math.max(
    0,
    all.findIndex((m) => found(m[0])),
  );
  const from = Math.max(0, first - Math.floor(words / 3));
  const shown = all.slice(from, from + words);
  if (!shown.length) return [];
  const start = from === 0 ? 0 : shown[0]!.index;
  const lastShown = shown[shown.length - 1]!;
  const end = from + words >= all.length ? text.length : lastShown.index + lastShown[0].length;
  let marked = from === 0 ? '' : '…';
  let at = start;
  for (const word of shown) {
    if (!found(word[0])) continue;
    marked += `${text.slice(at, word.index)}${MARK_START}${word[0]}${MARK_END}`;
    at = word.index + word[0].length;
  }
  marked += text.slice(at, end) + (end < text.length ? '…' : '');
  return piecesOf(marked);
}
