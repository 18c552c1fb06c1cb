import { describe, expect, it } from 'vitest';
import type { RankingRule } from '@whosright/contracts/story/ranking-rule';
import { poorPerformers } from './poor-performers';
import { keptRanking, type RankRow } from './ranking-snapshot';
import { rankableWhere, topCount } from './ranking-rule-query';

const row = (id: string, viewCount: number, skipRate: number): RankRow => ({
  id,
  excerpt: id,
  category: 'household',
  createdAt: '2026-11-16T00:00:00.000Z',
  viewCount,
  skipCount: Math.round(viewCount * skipRate),
  skipRate,
});

/** A rule's list over kept rows, with how many it ranks. */
async function rankRows(rows: readonly RankRow[], rule: RankingRule) {
  const { rankable, list } = await poorPerformers(keptRanking(rows), rule);
  return { rankable, list };
}

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

  it('when ranking kept rows by a rule it keeps their order among those with enough views', async () => {
    const rows = [row('a', 12, 0.9), row('b', 60, 0.8), row('c', 30, 0.7), row('d', 55, 0.1)];
    expect(await rankRows(rows, { topFraction: 0.05, minViews: 10 })).toEqual({
      rankable: 4,
      list: [rows[0]],
    });
    expect(
      (await rankRows(rows, { topFraction: 0.5, minViews: 25 })).list.map((r) => r.id),
    ).toEqual(['b', 'c']);
    expect(await rankRows(rows, { topFraction: 0.1, minViews: 100 })).toEqual({
      rankable: 0,
      list: [],
    });
  });

  it('when kept rows are ranked in windows the windows hold the list once, in order, and stop at the cut', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => row(`s${i}`, 20, 0.9 - i / 10));
    const rule = { topFraction: 0.5, minViews: 10 };
    const whole = await poorPerformers(keptRanking(rows), rule);
    expect(whole.list.map((r) => r.id)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const window = await poorPerformers(keptRanking(rows), rule, { cursor, limit: 2 });
      walked.push(...window.list.map((r) => r.id));
      cursor = window.next;
    } while (cursor);
    expect(walked).toEqual(whole.list.map((r) => r.id));
    expect((await poorPerformers(keptRanking(rows), rule, { limit: 0 })).top).toBe(5);
  });
});
