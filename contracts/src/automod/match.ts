/**
 * Automod phrases and how they match text. A phrase is one or more words; it matches where the
 * text holds those words in that order, whole words only, ignoring case, with anything that is not
 * a word between them. Within a word `*` stands for any letters (none included) and `?` for
 * exactly one. A word is letters, digits and apostrophes. Zod-free and pure: the API's write path,
 * its dry run and the web app's form all use it.
 *
 * A text is screened in time linear in its length whatever the rules: phrases without wildcards
 * are read in one pass over its words (`word-automaton.ts`), and each wildcard word is tried once
 * per distinct word of the text, each try linear in that word (`glob.ts`).
 */

import { compileGlob, globEdge, globMatches, type Glob } from './glob';
import { keepFollowedBy, TextWords } from './text-words';
import { WordAutomaton } from './word-automaton';

/** Each word of a phrase needs a letter or digit: `*` alone would match every word. */
const LITERAL = /[\p{L}\p{N}]/u;

export const PHRASE_MAX = 60;
export const PHRASES_MAX = 50;
/**
 * Words with `*` or `?` in all of a rule's phrases: each is tried against a text's words, where a
 * phrase without wildcards costs one step per word of the text however many there are.
 */
export const RULE_WILDCARD_WORDS_MAX = 10;
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

const hasWildcard = (word: string) => /[*?]/.test(word);

/** How many words with `*` or `?` the phrases hold. */
export function wildcardWords(phrases: readonly string[]): number {
  return phrases.reduce((sum, phrase) => sum + phraseWords(phrase).filter(hasWildcard).length, 0);
}

export interface MatchableRule {
  id: string;
  name: string;
  phrases: readonly string[];
}

/** A phrase's word as matching needs it: the literal word, or the glob it compiled to. */
type PhraseWord = { word: string } | { glob: number };

/** A phrase with at least one wildcard, its words in order. */
interface WildPhrase {
  rank: number;
  words: readonly PhraseWord[];
}

/**
 * Rules made ready to match: every phrase gets a rank (rules in order, then each rule's phrases in
 * order; a refused phrase matches nothing), the phrases without wildcards go into one automaton,
 * and each distinct wildcard word is compiled once.
 */
export interface CompiledRules<R extends MatchableRule = MatchableRule> {
  /** The rule and phrase of each rank. */
  ranked: readonly { rule: R; phrase: string }[];
  literal: WordAutomaton;
  /** By rank. */
  wild: readonly WildPhrase[];
  globs: readonly Glob[];
}

export function compileRules<R extends MatchableRule>(rules: readonly R[]): CompiledRules<R> {
  const ranked: { rule: R; phrase: string }[] = [];
  const literal: { words: string[]; rank: number }[] = [];
  const wild: WildPhrase[] = [];
  const globs: Glob[] = [];
  const globIds = new Map<string, number>();
  const globOf = (word: string) => {
    let id = globIds.get(word);
    if (id === undefined) id = globs.push(compileGlob(word)) - 1;
    globIds.set(word, id);
    return id;
  };
  for (const rule of rules)
    for (const phrase of rule.phrases) {
      if (phraseProblem(phrase) !== null) continue;
      const rank = ranked.push({ rule, phrase }) - 1;
      const words = phraseWords(phrase).map((word) => word.toLowerCase());
      if (!words.some(hasWildcard)) literal.push({ words, rank });
      else
        wild.push({
          rank,
          words: words.map((word) => (hasWildcard(word) ? { glob: globOf(word) } : { word })),
        });
    }
  return { ranked, literal: new WordAutomaton(literal), wild, globs };
}

/** Where each glob matches in one text (null: nowhere), worked out once per text and glob. */
class GlobPositions {
  private readonly found: (Int32Array | null | undefined)[] = [];

  constructor(
    private readonly globs: readonly Glob[],
    private readonly text: TextWords,
  ) {}

  of(id: number): Int32Array | null {
    let bits = this.found[id];
    if (bits === undefined) {
      const glob = this.globs[id]!;
      const points = this.text.globWords();
      // A glob with a letter at an edge need only try the words with that letter there.
      const edge = globEdge(glob);
      const candidates = edge ? this.text.withEdge(...edge) : this.text.atLeast(glob.min);
      const tables = this.text.runTables();
      const matching = candidates.filter((word) => globMatches(glob, points[word]!, tables));
      bits = matching.length ? this.text.positionsOf(matching) : null;
      this.found[id] = bits;
    }
    return bits;
  }
}

/**
 * Whether the text holds the phrase's words in a row: where each word stands, shifted back by its
 * place in the phrase, intersected. A literal word the text lacks settles it before any glob runs.
 */
function wildPhraseIn(phrase: WildPhrase, text: TextWords, globs: GlobPositions): boolean {
  if (phrase.words.some((word) => 'word' in word && !text.has(word.word))) return false;
  const at: Int32Array[] = [];
  for (const word of phrase.words) {
    const bits = 'word' in word ? text.positionsOfWord(word.word) : globs.of(word.glob);
    if (!bits) return false;
    at.push(bits);
  }
  const starts = Int32Array.from(at[0]!);
  return at.every((bits, place) => keepFollowedBy(starts, bits, place));
}

/** The first rule (in the order given) with a phrase in the text, and its first such phrase. */
export function firstMatch<R extends MatchableRule>(
  compiled: CompiledRules<R>,
  text: string,
): { rule: R; phrase: string } | null {
  if (compiled.ranked.length === 0) return null;
  const words = new TextWords(text);
  let best = compiled.literal.lowestRank(words.words);
  const globs = new GlobPositions(compiled.globs, words);
  for (const phrase of compiled.wild) {
    if (phrase.rank >= best) break;
    if (wildPhraseIn(phrase, words, globs)) best = phrase.rank;
  }
  return best === Infinity ? null : compiled.ranked[best]!;
}
