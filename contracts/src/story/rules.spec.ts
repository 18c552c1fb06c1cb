import { describe, expect, it } from 'vitest';
import { leaderOf, skipRate, votePercentages, votingScore, votingScoreLabel } from './rules';

describe('story rules', () => {
  it('when there are no views or votes the figures are 0', () => {
    expect(skipRate(0, 0)).toBe(0);
    expect(votingScore(0, 0)).toBe(0);
    expect(votePercentages(0, 0)).toEqual({ he: 0, she: 0 });
  });

  it('when there is activity the figures follow the product formulas', () => {
    expect(skipRate(3, 12)).toBe(0.25);
    expect(votingScore(2, 1)).toBe(33);
    expect(votingScore(1, 2)).toBe(-33);
    expect(votePercentages(2, 1)).toEqual({ he: 67, she: 33 });
  });

  it('when labelled the score is Strong beyond 20, Lean beyond 0 and Tied at 0', () => {
    expect([21, 20, 1, 0, -1, -20, -21].map(votingScoreLabel)).toEqual([
      'Strong He',
      'Lean He',
      'Lean He',
      'Tied',
      'Lean She',
      'Lean She',
      'Strong She',
    ]);
  });

  it('when one side has more votes it leads; a tie, with or without votes, leads nobody', () => {
    expect(leaderOf({ he: 3, she: 2 })).toBe('he');
    expect(leaderOf({ he: 0, she: 1 })).toBe('she');
    expect(leaderOf({ he: 4, she: 4 })).toBeNull();
    expect(leaderOf({ he: 0, she: 0 })).toBeNull();
  });
});
