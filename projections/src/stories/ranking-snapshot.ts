import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import type { RankingRule } from '@whosright/contracts/story/ranking-rule';
import type { ReadCollection } from '../store/port';
import type { StoryDoc } from './docs';
import { BY_SKIP_RATE, topCount } from './ranking-rule';

/** What a ranking needs of one story: enough to rank it by any rule, and to show it. */
export interface RankRow {
  id: string;
  excerpt: string;
  category: string;
  createdAt: string;
  viewCount: number;
  skipCount: number;
  skipRate: number;
}

export function rankRowOf(doc: StoryDoc): RankRow {
  return {
    id: doc._id,
    excerpt: doc.content.slice(0, EXCERPT_LENGTH.adminStory),
    category: doc.category,
    createdAt: doc.createdAt,
    viewCount: doc.viewCount,
    skipCount: doc.skipCount,
    skipRate: doc.skipRate,
  };
}

/**
 * Every rankable story (approved, at least POOR_STORY_MIN_VIEWS views), poor performers first:
 * what a replay keeps of its scratch copy, so that any rule can rank it after the copy is gone.
 * Read in pages from the (rankable, skipRate) index.
 */
export async function rankableRows(stories: ReadCollection<StoryDoc>): Promise<RankRow[]> {
  const rows: RankRow[] = [];
  let after: string | undefined;
  do {
    const page = await stories.find(
      { rankable: true },
      { sort: BY_SKIP_RATE, limit: 1_000, ...(after ? { after } : {}) },
    );
    rows.push(...page.items.map(rankRowOf));
    after = page.next;
  } while (after);
  return rows;
}

/**
 * A rule's list over rows in ranking order (`rankableRows`): the same stories, in the same order,
 * as `poorPerformers` finds in the read model the rows came from.
 */
export function rankRows(
  rows: readonly RankRow[],
  rule: RankingRule,
): { rankable: number; list: RankRow[] } {
  const eligible = rows.filter((row) => row.viewCount >= rule.minViews);
  return {
    rankable: eligible.length,
    list: eligible.slice(0, topCount(eligible.length, rule.topFraction)),
  };
}
