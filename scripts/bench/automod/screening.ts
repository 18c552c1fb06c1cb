import { compileRules, firstMatch } from '@whosright/contracts/automod/match';
import { WILDCARD_SHAPES, worstRules, WORST_TEXTS } from './worst-rules';

const WARM_UP = 50;

export interface Timing {
  p50: number;
  p99: number;
}

/** The median, 99th percentile and largest of some timings, and how many there are. */
export function percentiles(took: readonly number[]) {
  const sorted = [...took].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)!, count: sorted.length };
}

/** Milliseconds per call of `screen`, `rounds` times after a warm-up. */
function time(screen: () => unknown, rounds: number): Timing {
  for (let i = 0; i < WARM_UP; i += 1) screen();
  const took: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    screen();
    took.push(performance.now() - started);
  }
  return percentiles(took);
}

export interface ScreeningRow {
  rules: string;
  text: string;
  screen: Timing;
  baseline: Timing;
}

/**
 * Screens each worst text against 100 rules of each worst shape, as the write path does (rules
 * compiled once, then a text), beside the same text searched for every phrase with
 * `toLowerCase().includes()`: the cheapest screening there is, blind to words and wildcards.
 */
export function measureScreening(rounds: number): ScreeningRow[] {
  const rows: ScreeningRow[] = [];
  for (const [rulesName, shape] of Object.entries(WILDCARD_SHAPES)) {
    const rules = worstRules(shape).map((rule, i) => ({ id: `rule_${i}`, ...rule }));
    const compiled = compileRules(rules);
    const phrases = rules.flatMap((rule) => rule.phrases.map((phrase) => phrase.toLowerCase()));
    for (const [textName, text] of Object.entries(WORST_TEXTS)) {
      const screen = time(() => firstMatch(compiled, text), rounds);
      const baseline = time(() => {
        const lower = text.toLowerCase();
        return phrases.some((phrase) => lower.includes(phrase));
      }, rounds);
      rows.push({ rules: rulesName, text: textName, screen, baseline });
    }
  }
  return rows;
}
