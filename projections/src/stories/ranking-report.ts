import type { ReportRow } from '../runner/projection';
import type { RankRow } from './ranking-snapshot';

/**
 * A ranking as `npm run replay -- stories --until` prints it: the rank, the story, and its figures
 * with the skip rate to four decimals (a share of views, readable in a table and exact enough for
 * a sheet).
 */
export function rankingReport(list: readonly RankRow[]): ReportRow[] {
  return list.map((row, i) => ({
    rank: i + 1,
    storyId: row.id,
    category: row.category,
    skipRate: Math.round(row.skipRate * 10_000) / 10_000,
    viewCount: row.viewCount,
    skipCount: row.skipCount,
    createdAt: row.createdAt,
  }));
}
