import { z } from 'zod';

// Control characters other than tab, newline and carriage return (NUL included).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Invisible characters that reorder or hide what is shown: bidi embeddings, overrides and isolates
 * (U+202A to U+202E, U+2066 to U+2069), the zero-width space, the word joiner and the byte order
 * mark. The joiners (U+200C, U+200D) and the direction marks (U+200E, U+200F) stay: scripts and
 * emoji need them, and they reorder nothing around them.
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/g;
/** Combining marks beyond the third on one character ("Zalgo" text stacked over the page). */
const MARK_RUN = /(\p{M}{3})\p{M}+/gu;
export const MAX_COMBINING_MARKS = 3;

/**
 * What people may write, kept as text: no NUL or other control characters, no bidi controls or
 * zero-width spaces (which make text read other than it shows), no unpaired surrogates (which no
 * font can show and some stores refuse), and at most three combining marks on one character
 * (enough for any language, too few to stack a tower over the page).
 */
export function cleanText(text: string): string {
  return text
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(UNPAIRED_SURROGATE, '')
    .replace(MARK_RUN, '$1');
}

/** `schema` applied to the cleaned text (non-strings pass through, for its own error). */
export function cleaned<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? cleanText(value) : value), schema);
}
