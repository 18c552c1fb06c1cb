import { DEFAULT_RANKING_RULE, type RankingRule } from '@whosright/contracts/story/ranking-rule';
import type { Page } from '../store/port';
import { topCount } from './ranking-rule-query';

/** A window on a ranking: `limit` stories after `cursor` (a previous window's `next`). */
export interface RankWindow {
  cursor?: string | undefined;
  limit: number;
}

/**
 * Rankable stories in ranking order (the highest skip rate first, ties by id, descending), as a
 * rule picks its poor performers from them: the live read model (`rankedStories`) or the rankable
 * stories a replay kept (`keptRanking`). A rule's minimum of views is never below
 * POOR_STORY_MIN_VIEWS.
 */
export interface RankedStories<S> {
  /** How many stories the rule ranks (those with its minimum of views). */
  count(rule: RankingRule): Promise<number>;
  /** Those stories, in ranking order: a window of them. */
  window(rule: RankingRule, window: RankWindow): Promise<Page<S>>;
  /** How many of those stories come up to and including the one `cursor` ends a window on. */
  before(rule: RankingRule, cursor: string): Promise<number>;
}

export interface PoorPerformers<S> {
  /** How many stories the rule ranks (those with enough views). */
  rankable: number;
  /** How many of them its list holds: the top fraction rounded up, at least one. */
  top: number;
  /** The list, worst first, or the window of it asked for. */
  list: S[];
  /** Where the next window starts; absent at the end of the list. */
  next?: string;
}

/**
 * The poor performers by a rule (the top 5% by skip rate of approved stories with at least
 * POOR_STORY_MIN_VIEWS views, unless another rule is given): the first `top` of the ranked
 * stories. The admin's Poor Performing list and its count, a replay's ranking as it stood, the
 * replay CLI and the dry run of another rule are all this function over one source or the other.
 * With a window, only that part of the list (cursor pages that stop at the cut); a window of
 * limit 0 counts without listing.
 */
export async function poorPerformers<S>(
  stories: RankedStories<S>,
  rule: RankingRule = DEFAULT_RANKING_RULE,
  window?: RankWindow,
): Promise<PoorPerformers<S>> {
  const cursor = window?.cursor;
  const [rankable, before] = await Promise.all([
    stories.count(rule),
    cursor ? stories.before(rule, cursor) : 0,
  ]);
  const top = topCount(rankable, rule.topFraction);
  const limit = Math.min(window?.limit ?? top, top - before);
  if (limit <= 0) return { rankable, top, list: [] };
  const found = await stories.window(rule, { cursor, limit });
  const atTheCut = before + found.items.length >= top || found.next === undefined;
  return { rankable, top, list: found.items, ...(atTheCut ? {} : { next: found.next }) };
}
