import type { RankedStory } from '@whosright/contracts/story/ranking-dto';
import type { RankRow } from '@whosright/projections/stories/ranking-snapshot';

/** skipRate as the admin lists show it: a decimal string with four places. */
export function toRankedStory(row: RankRow): RankedStory {
  return { ...row, skipRate: row.skipRate.toFixed(4) };
}
