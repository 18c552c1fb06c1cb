import { POOR_STORY_MIN_VIEWS } from '@whosright/contracts/shared/constants';
import type { RankingRule } from '@whosright/contracts/story/ranking-rule';
import type { Filter, Sort } from '../store/port';

/** Poor performers first: the highest skip rate, ties by id (descending, as the index yields them). */
export const BY_SKIP_RATE: Sort = [['skipRate', -1]];

/**
 * How many stories a rule's list holds out of `rankable`: the top fraction rounded up, at least
 * one when any is rankable. A hair is taken off first so that a product like 0.05 * 140
 * (7.000000000000001 in floating point) rounds to 7, not 8.
 */
export function topCount(rankable: number, topFraction: number): number {
  return rankable === 0 ? 0 : Math.max(1, Math.ceil(rankable * topFraction - 1e-9));
}

/**
 * The stories a rule ranks. The default minimum (`rankable`, derived when projected) has its own
 * index with the skip rate; any other minimum is a range on `viewCount` among approved stories,
 * served by the (status, viewCount, skipRate) index.
 */
export function rankableWhere(rule: RankingRule): Filter {
  return rule.minViews === POOR_STORY_MIN_VIEWS
    ? { rankable: true }
    : { status: 'approved', viewCount: { $gte: rule.minViews } };
}
