import { expect } from 'vitest';

/** z for an upper tail of one in a million: a uniform sampler fails this check that rarely. */
const Z_ONE_IN_A_MILLION = 4.75;

/**
 * Asserts that `counts` (draws per outcome, over `outcomes` possible ones) look uniform: Pearson's
 * chi-squared statistic under its one-in-a-million critical value (Wilson-Hilferty), and no single
 * outcome more than six standard deviations from the mean. Fixed fractions of the mean (say
 * 0.4-1.6) look strict but fail a fair sampler about once in fifty runs with 185 outcomes; the
 * chi-squared test is both stricter on a biased sampler and quiet on a fair one.
 */
export function expectUniform(counts: ReadonlyMap<string, number>, outcomes: number): void {
  expect(counts.size).toBe(outcomes);
  const draws = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const mean = draws / outcomes;
  let chiSquared = 0;
  for (const count of counts.values()) chiSquared += (count - mean) ** 2 / mean;
  const df = outcomes - 1;
  const spread = 2 / (9 * df);
  const critical = df * (1 - spread + Z_ONE_IN_A_MILLION * Math.sqrt(spread)) ** 3;
  expect(chiSquared, 'chi-squared against uniform').toBeLessThanOrEqual(critical);
  const sd = Math.sqrt(mean * (1 - 1 / outcomes));
  for (const count of counts.values()) {
    expect(count).toBeGreaterThanOrEqual(mean - 6 * sd);
    expect(count).toBeLessThanOrEqual(mean + 6 * sd);
  }
}
