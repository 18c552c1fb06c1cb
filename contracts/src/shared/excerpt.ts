/** A sentence's end mark, maybe inside closing quotes or brackets: `no.`, `"never!"`, `(why?)`. */
const SENTENCE_END = /[.!?…]["'”’»)\]]*$/;

/**
 * The start of a text, for a list, a card or a preview: runs of white space read as one space;
 * a text longer than `max` characters is cut at the last word boundary within them and ends with
 * an ellipsis, so no word is shown half; a cut that ends a sentence keeps its end mark alone
 * (`no.`, never `no.…`). A first word longer than half of `max` is cut inside it (a long link),
 * and never inside a character written as two UTF-16 units (an emoji).
 */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let cut = flat.slice(0, max);
  if (flat[max] !== ' ') {
    const lastSpace = cut.lastIndexOf(' ');
    cut = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  }
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  cut = cut.replace(/[\s,;:\-–—]+$/, '');
  return SENTENCE_END.test(cut) ? cut : `${cut}…`;
}
