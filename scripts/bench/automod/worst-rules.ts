import { automodRuleBodySchema, type AutomodRuleBody } from '@whosright/contracts/automod/dto';
import {
  PHRASE_MAX,
  PHRASES_MAX,
  RULE_WILDCARD_WORDS_MAX,
} from '@whosright/contracts/automod/match';

/** How many rules a forum may hold (the automod decider's limit). */
export const RULES_MAX = 100;

/** A distinct tag of `width` letters for `n`, in the letters given. */
const tag = (n: number, width: number, letters = 'abcdefghijklmnopqrstuvwxyz') =>
  Array.from({ length: width }, (_, place) =>
    letters.charAt(Math.floor(n / letters.length ** (width - 1 - place)) % letters.length),
  ).join('');
/** Ten letters of a and b only: every letter is one the texts below hold, so none is ruled out. */
const ab = (n: number) => tag(n, 10, 'ab');

/**
 * The wildcard words that cost the most, each at the phrase length limit: what the matcher meets
 * at worst. Each shape is given the wildcard phrase number `n` so that no two are alike.
 */
export const WILDCARD_SHAPES: Record<string, (n: number) => string> = {
  // The finding: a long run after a `*`.
  'ends *a...ab': (n) => `*${'a'.repeat(PHRASE_MAX - 12)}${ab(n)}b`,
  // A run between two `*` (longer than 31 letters): scanned over the whole word.
  'inside *a...ab*': (n) => `*${'a'.repeat(PHRASE_MAX - 13)}${ab(n)}b*`,
  // Many `*`: each run placed in turn.
  'many *a*a*...': (n) => `*${ab(n)}${'*a'.repeat((PHRASE_MAX - 13) / 2)}*b`,
  // No letter at either edge, and short: every word of five letters or more is a candidate.
  'edges ?..?': (n) => `?${tag(n, 2)}*?`,
  // All the rule's wildcards in one phrase of wildcard words.
  'words a* a* ...': (n) => `${'a* '.repeat(RULE_WILDCARD_WORDS_MAX - 1)}*${ab(n)}*`,
};

/** A literal phrase of as many words as the length limit allows, sharing all but its end. */
const literalPhrase = (n: number) => `${'a '.repeat((PHRASE_MAX - 4) / 2)}${tag(n, 3)}`;

/**
 * `RULES_MAX` comment rules at the schema's limits: `PHRASES_MAX` phrases each, as many wildcard
 * words as a rule may hold in the given shape, the other phrases literal and as long as allowed.
 * Every rule is checked against the schema an admin's would be.
 */
export function worstRules(shape: (n: number) => string): AutomodRuleBody[] {
  let phrase = 0;
  return Array.from({ length: RULES_MAX }, (_, r) => {
    const phrases: string[] = [];
    let wildcards = 0;
    while (phrases.length < PHRASES_MAX) {
      const wild = shape(phrase);
      const words = wild.split(' ').length;
      if (wildcards + words <= RULE_WILDCARD_WORDS_MAX) {
        phrases.push(wild);
        wildcards += words;
      } else phrases.push(literalPhrase(phrase));
      phrase += 1;
    }
    return automodRuleBodySchema.parse({
      name: `Worst ${r}`,
      phrases,
      target: 'comment',
      action: 'hold',
    });
  });
}

/** A comment at the length limit in the shapes that cost the matcher most, and an everyday one. */
export const WORST_TEXTS: Record<string, string> = {
  'one word of 1,000 a': 'a'.repeat(1_000),
  'one word, ab x 500': 'ab'.repeat(500),
  '500 words "a"': 'a '.repeat(500).trim(),
  '250 distinct words of 3': Array.from({ length: 250 }, (_, i) => `a${tag(i, 2)}`).join(' '),
  '166 distinct words of 5': Array.from({ length: 166 }, (_, i) => `ab${tag(i, 3)}`).join(' '),
  everyday:
    'Honestly I think he is right, she never listens and it is so annoying when you ask twice. '
      .repeat(11)
      .slice(0, 1_000),
};
