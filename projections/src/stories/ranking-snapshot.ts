import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { excerpt } from '@whosright/contracts/shared/excerpt';
import { DEFAULT_RANKING_RULE, type RankingRule } from '@whosright/contracts/story/ranking-rule';
import { InvalidCursorError } from '../store/cursor';
import type { ReadCollection } from '../store/port';
import type { StoryDoc } from './docs';
import type { RankedStories } from './poor-performers';
import { rankedStories } from './ranked-stories';

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
    excerpt: excerpt(doc.content, EXCERPT_LENGTH.adminStory),
    category: doc.category,
    createdAt: doc.createdAt,
    viewCount: doc.viewCount,
    skipCount: doc.skipCount,
    skipRate: doc.skipRate,
  };
}

/**
 * Every rankable story (approved, at least POOR_STORY_MIN_VIEWS views), in ranking order: what a
 * replay keeps of its scratch copy, so that any rule can rank it after the copy is gone
 * (`keptRanking`). Read in windows from the read model's own ranking order.
 */
export async function rankableRows(stories: ReadCollection<StoryDoc>): Promise<RankRow[]> {
  const ranked = rankedStories(stories);
  const rows: RankRow[] = [];
  let cursor: string | undefined;
  do {
    const window = await ranked.window(DEFAULT_RANKING_RULE, { cursor, limit: 1_000 });
    rows.push(...window.items.map(rankRowOf));
    cursor = window.next;
  } while (cursor);
  return rows;
}

/**
 * Kept rows (`rankableRows`) as the read model they came from ranks them: their order kept, those
 * with fewer than a rule's minimum of views left out. A window's cursor is its last story's id.
 */
export function keptRanking(rows: readonly RankRow[]): RankedStories<RankRow> {
  const eligible = (rule: RankingRule) => rows.filter((row) => row.viewCount >= rule.minViews);
  const after = (list: readonly RankRow[], cursor: string) => {
    const at = list.findIndex((row) => row.id === cursor);
    if (at < 0) throw new InvalidCursorError();
    return at + 1;
  };
  return {
    count: (rule) => Promise.resolve(eligible(rule).length),
    before: (rule, cursor) => Promise.resolve(after(eligible(rule), cursor)),
    window(rule, { cursor, limit }) {
      const list = eligible(rule);
      const from = cursor ? after(list, cursor) : 0;
      const items = list.slice(from, from + limit);
      const last = items.at(-1);
      return Promise.resolve(
        from + items.length < list.length && last ? { items, next: last.id } : { items },
      );
    },
  };
}
