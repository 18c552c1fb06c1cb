/**
 * Automod phrases and how they match text. A phrase is one or more words; it matches where the
 * text holds those words in that order, whole words only, ignoring case, with anything that is not
 * a word between them. Within a word `*` stands for any letters (none included) and `?` for
 * exactly one. A word is letters, digits and apostrophes. Zod-free and pure: the API's write path,
 * its dry run and the web app's form all use it.
 */

const WORD = "\\p{L}\\p{N}'";
/** Each word of a phrase needs a letter or digit: `*` alone would match every word. */
const LITERAL = /[\p{L}\p{N}]/u;

export const PHRASE_MAX = 60;
export const PHRASES_MAX = 50;
export const RULE_NAME_MAX = 60;
/** How far back a dry run reads the log, and how many of its matches it shows. */
export const AUTOMOD_DRY_RUN_DAYS = 30;
export const AUTOMOD_DRY_RUN_EXAMPLES = 20;

/** The words of a phrase as typed: split at anything that is neither a word nor a wildcard. */
export function phraseWords(phrase: string): string[] {
  return phrase.split(/[^\p{L}\p{N}'*?]+/u).filter((word) => word.length > 0);
}

/** Why a phrase cannot be a rule's, or null when it can. */
export function phraseProblem(phrase: string): string | null {
  const words = phraseWords(phrase);
  if (words.length === 0) return 'A phrase needs at least one word';
  if (phrase.length > PHRASE_MAX) return `A phrase must be at most ${PHRASE_MAX} characters`;
  if (!words.every((word) => LITERAL.test(word)))
    return 'Each word of a phrase needs a letter or digit besides * and ?';
  return null;
}

function wordPattern(word: string): string {
  let pattern = '';
  for (const char of word) {
    if (char === '*') pattern += `[${WORD}]*`;
    else if (char === '?') pattern += `[${WORD}]`;
    else pattern += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return pattern;
}

/** A phrase as one regular expression; null for a phrase `phraseProblem` refuses. */
export function phrasePattern(phrase: string): RegExp | null {
  if (phraseProblem(phrase) !== null) return null;
  const words = phraseWords(phrase).map(wordPattern).join(`[^${WORD}]+`);
  return new RegExp(`(?<![${WORD}])${words}(?![${WORD}])`, 'iu');
}

export interface MatchableRule {
  id: string;
  name: string;
  phrases: readonly string[];
}

/** A rule made ready to match: each phrase compiled once. */
export interface CompiledRule<R extends MatchableRule = MatchableRule> {
  rule: R;
  patterns: readonly { phrase: string; pattern: RegExp }[];
}

export function compileRule<R extends MatchableRule>(rule: R): CompiledRule<R> {
  const patterns = rule.phrases.flatMap((phrase) => {
    const pattern = phrasePattern(phrase);
    return pattern ? [{ phrase, pattern }] : [];
  });
  return { rule, patterns };
}

/** The first of the rule's phrases found in the text, or null. */
export function matchedPhrase(compiled: CompiledRule, text: string): string | null {
  for (const { phrase, pattern } of compiled.patterns) if (pattern.test(text)) return phrase;
  return null;
}

/** The first rule (in the order given) with a phrase in the text, and that phrase. */
export function firstMatch<R extends MatchableRule>(
  rules: readonly CompiledRule<R>[],
  text: string,
): { rule: R; phrase: string } | null {
  for (const compiled of rules) {
    const phrase = matchedPhrase(compiled, text);
    if (phrase !== null) return { rule: compiled.rule, phrase };
  }
  return null;
}
