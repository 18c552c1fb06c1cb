/**
 * Automod phrases and how they match text. A phrase is one or more words; it matches where the
 * text holds those words in that order, whole words only, ignoring case, with anything that is not
 * a word between them. Within a word `*` stands for any letters (none included) and `?` for
 * exactly one. A word is letters, digits and apostrophes. Zod-free and pure: the API's write path,
 * its dry run and the web app's form all use it.
 */

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

/** A phrase's word, lowercased, as code points; `*` and `?` keep their meaning. */
type Glob = readonly string[];

const lettersOf = (word: string): string[] => Array.from(word.toLowerCase());

/**
 * Whether the word matches the glob, `*` being any letters and `?` one: the greedy two-pointer
 * walk, which backtracks only to the last `*` (time linear in practice, never exponential, as a
 * regular expression of several `*` would be on a long word).
 */
function globMatches(glob: Glob, word: readonly string[]): boolean {
  let g = 0;
  let w = 0;
  let star = -1;
  let resume = 0;
  while (w < word.length) {
    if (g < glob.length && (glob[g] === '?' || glob[g] === word[w])) {
      g += 1;
      w += 1;
    } else if (g < glob.length && glob[g] === '*') {
      star = g;
      g += 1;
      resume = w;
    } else if (star !== -1) {
      g = star + 1;
      resume += 1;
      w = resume;
    } else return false;
  }
  while (g < glob.length && glob[g] === '*') g += 1;
  return g === glob.length;
}

/** A text's words as matching reads them: lowercased, split at anything that is not a word. */
export interface TextWords {
  words: readonly (readonly string[])[];
  /** Where each word stands, by its text: a phrase whose first word has no wildcard looks here. */
  at: ReadonlyMap<string, readonly number[]>;
}

export function textWords(text: string): TextWords {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((word) => word.length > 0);
  const at = new Map<string, number[]>();
  words.forEach((word, i) => {
    const seen = at.get(word);
    if (seen) seen.push(i);
    else at.set(word, [i]);
  });
  return { words: words.map((word) => Array.from(word)), at };
}

/** A phrase made ready to match: its words as globs, and its first word when it is literal. */
interface CompiledPhrase {
  phrase: string;
  globs: readonly Glob[];
  literalFirst: string | null;
}

function compilePhrase(phrase: string): CompiledPhrase | null {
  if (phraseProblem(phrase) !== null) return null;
  const words = phraseWords(phrase);
  const first = words[0]!.toLowerCase();
  return {
    phrase,
    globs: words.map(lettersOf),
    literalFirst: /[*?]/.test(first) ? null : first,
  };
}

function phraseIn(compiled: CompiledPhrase, text: TextWords): boolean {
  const { globs } = compiled;
  const fits = (start: number) =>
    start + globs.length <= text.words.length &&
    globs.every((glob, j) => globMatches(glob, text.words[start + j]!));
  if (compiled.literalFirst !== null) return (text.at.get(compiled.literalFirst) ?? []).some(fits);
  for (let start = 0; start < text.words.length; start += 1) if (fits(start)) return true;
  return false;
}

export interface MatchableRule {
  id: string;
  name: string;
  phrases: readonly string[];
}

/** A rule made ready to match: each phrase compiled once (a refused phrase matches nothing). */
export interface CompiledRule<R extends MatchableRule = MatchableRule> {
  rule: R;
  phrases: readonly CompiledPhrase[];
}

export function compileRule<R extends MatchableRule>(rule: R): CompiledRule<R> {
  const phrases = rule.phrases.flatMap((phrase) => {
    const compiled = compilePhrase(phrase);
    return compiled ? [compiled] : [];
  });
  return { rule, phrases };
}

/** The first of the rule's phrases found in the text (a string, or its words), or null. */
export function matchedPhrase(compiled: CompiledRule, text: string | TextWords): string | null {
  const words = typeof text === 'string' ? textWords(text) : text;
  for (const phrase of compiled.phrases) if (phraseIn(phrase, words)) return phrase.phrase;
  return null;
}

/** The first rule (in the order given) with a phrase in the text, and that phrase. */
export function firstMatch<R extends MatchableRule>(
  rules: readonly CompiledRule<R>[],
  text: string,
): { rule: R; phrase: string } | null {
  if (rules.length === 0) return null;
  const words = textWords(text);
  for (const compiled of rules) {
    const phrase = matchedPhrase(compiled, words);
    if (phrase !== null) return { rule: compiled.rule, phrase };
  }
  return null;
}
