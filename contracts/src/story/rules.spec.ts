import { describe, expect, it } from 'vitest';
import {
  feedVerdict,
  isPublicStory,
  leaderOf,
  skipRate,
  votePercentages,
  votingScore,
  votingScoreLabel,
} from './rules';

describe('story rules', () => {
  it('when a story is approved it is public, and in any other status or missing it is not', () => {
    expect(isPublicStory({ status: 'approved' })).toBe(true);
    for (const status of ['pending', 'rejected', 'hidden'])
      expect(isPublicStory({ status }), status).toBe(false);
    expect(isPublicStory(undefined)).toBe(false);
    expect(isPublicStory(null)).toBe(false);
  });

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

describe('a feed card’s verdict', () => {
  const now = new Date('2026-11-28T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString();
  const story = (heVotes: number, sheVotes: number, age: number) => ({
    heVotes,
    sheVotes,
    createdAt: daysAgo(age),
  });

  it('when the reader voted it shows the leader and their share, even on a young story', () => {
    expect(feedVerdict(story(2, 9, 0), { voted: true, now })).toEqual({
      leader: 'she',
      percent: 82,
    });
  });

  it('when the reader did not vote a young story keeps its verdict to itself', () => {
    expect(feedVerdict(story(2, 9, 6.9), { voted: false, now })).toBeNull();
  });

  it('when a story is 7 days old with 10 votes everyone sees it; with 9 votes nobody who did not vote', () => {
    expect(feedVerdict(story(7, 3, 7), { voted: false, now })).toEqual({
      leader: 'he',
      percent: 70,
    });
    expect(feedVerdict(story(6, 3, 30), { voted: false, now })).toBeNull();
  });

  it('when the votes are tied nobody leads at 50%; without votes there is no verdict', () => {
    expect(feedVerdict(story(5, 5, 8), { voted: false, now })).toEqual({
      leader: null,
      percent: 50,
    });
    expect(feedVerdict(story(0, 0, 8), { voted: true, now })).toBeNull();
  });
});
