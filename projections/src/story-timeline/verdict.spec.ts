import { describe, expect, it } from 'vitest';
import { verdictOf, type VotesAt } from './verdict';

const day = (n: number) => `2026-03-0${n}T00:00:00.000Z`;
const votes = (n: number, he: number, she: number): VotesAt => ({ at: day(n), he, she });

describe('verdict of a story timeline', () => {
  it('when there are no buckets it has no points and no flips', () => {
    expect(verdictOf([])).toEqual({ points: [], flips: [] });
  });

  it('when buckets follow each other it sums them from the start, oldest first', () => {
    expect(verdictOf([votes(1, 2, 1), votes(2, 0, 3), votes(3, 4, 0)]).points).toEqual([
      votes(1, 2, 1),
      votes(2, 2, 4),
      votes(3, 6, 4),
    ]);
  });

  it('when one side keeps the lead nothing flips: the first lead is not a flip', () => {
    expect(verdictOf([votes(1, 1, 0), votes(2, 2, 1)]).flips).toEqual([]);
  });

  it('when the other side overtakes it flips once, where the new leader first leads', () => {
    // Cumulative: She 1-0, She 4-1, He 6-5.
    expect(verdictOf([votes(1, 0, 1), votes(2, 1, 3), votes(3, 5, 1)]).flips).toEqual([
      { at: day(3), leader: 'he' },
    ]);
  });

  it('when the lead changes hands several times it names each flip and the new leader', () => {
    expect(
      verdictOf([votes(1, 0, 2), votes(2, 3, 0), votes(3, 0, 2), votes(4, 1, 0)]).flips,
    ).toEqual([
      { at: day(2), leader: 'he' },
      { at: day(3), leader: 'she' },
    ]);
  });

  it("when the count ties it is nobody's lead: the side that led before leading again is no flip", () => {
    // He, tie, He: no flip. He, tie, She: one flip, where She leads.
    expect(verdictOf([votes(1, 1, 0), votes(2, 0, 1), votes(3, 1, 0)]).flips).toEqual([]);
    expect(verdictOf([votes(1, 1, 0), votes(2, 0, 1), votes(3, 0, 1)]).flips).toEqual([
      { at: day(3), leader: 'she' },
    ]);
    // A tie at first, then a lead: the first lead, no flip.
    expect(verdictOf([votes(1, 1, 1), votes(2, 0, 1)]).flips).toEqual([]);
  });
});
