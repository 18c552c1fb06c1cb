import type { RankRow } from '@whosright/projections/stories/ranking-snapshot';

/**
 * What another rule would change: the stories its list holds that the current one does not
 * (entering), and those it would drop (leaving), each in its own list's order.
 */
export function compareRankings(
  current: readonly RankRow[],
  chosen: readonly RankRow[],
): { entering: RankRow[]; leaving: RankRow[] } {
  const inCurrent = new Set(current.map((row) => row.id));
  const inChosen = new Set(chosen.map((row) => row.id));
  return {
    entering: chosen.filter((row) => !inCurrent.has(row.id)),
    leaving: current.filter((row) => !inChosen.has(row.id)),
  };
}
