import { describe, expect, it } from 'vitest';
import { rankRows, type RankRow } from './ranking-snapshot';
import { rankableWhere, topCount } from './ranking-rule';

const row = (id: string, viewCount: number, skipRate: number): RankRow => ({
  id,
  excerpt: id,
  category: 'household',
  createdAt: '2026-11-16T00:00:00.000Z',
  viewCount,
  skipCount: Math.round(viewCount * skipRate),
  skipRate,
});

describe('ranking rules', () => {
  it('when counting the top fraction it rounds up, at least one, and ignores floating-point dust', () => {
    expect(topCount(0, 0.05)).toBe(0);
    expect(topCount(3, 0.05)).toBe(1);
    expect(topCount(21, 0.05)).toBe(2);
    expect(topCount(140, 0.05)).toBe(7);
    expect(topCount(100, 0.03)).toBe(3);
  });

  it('when the minimum is the default one the derived flag serves it, otherwise a range on views', () => {
    expect(rankableWhere({ topFraction: 0.05, minViews: 10 })).toEqual({ rankable: true });
    expect(rankableWhere({ topFraction: 0.05, minViews: 25 })).toEqual({
      status: 'approved',
      viewCount: { $gte: 25 },
    });
  });

  it('when ranking kept rows by a rule it keeps their order among those with enough views', () => {
    const rows = [row('a', 12, 0.9), row('b', 60, 0.8), row('c', 30, 0.7), row('d', 55, 0.1)];
    expect(rankRows(rows, { topFraction: 0.05, minViews: 10 })).toEqual({
      rankable: 4,
      list: [rows[0]],
    });
    expect(rankRows(rows, { topFraction: 0.5, minViews: 25 }).list.map((r) => r.id)).toEqual([
      'b',
      'c',
    ]);
    expect(rankRows(rows, { topFraction: 0.1, minViews: 100 })).toEqual({ rankable: 0, list: [] });
  });
});
