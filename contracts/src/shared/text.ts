import { z } from 'zod';

// Control characters other than tab, newline and carriage return (NUL included).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Combining marks beyond the third on one character ("Zalgo" text stacked over the page). */
const MARK_RUN = /(\p{M}{3})\p{M}+/gu;
export const MAX_COMBINING_MARKS = 3;

/**
 * What people may write, kept as text: no NUL or other control characters, no unpaired
 * surrogates (which no font can show and some stores refuse), and at most three combining marks
 * on one character (enough for any language, too few to stack a tower over the page).
 */
export function cleanText(text: string): string {
  return text.replace(CONTROL, '').replace(UNPAIRED_SURROGATE, '').replace(MARK_RUN, '$1');
}

/** `schema` applied to the cleaned text (non-strings pass through, for its own error). */
export function cleaned<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? cleanText(value) : value), schema);
}
