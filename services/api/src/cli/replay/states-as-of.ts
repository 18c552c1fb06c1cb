import { copyReport, readAsOf, type AsOfOptions } from '@whosright/projections/runner/as-of';
import type { AnyProjection, ReportRow } from '@whosright/projections/runner/projection';
import { STORIES } from '@whosright/projections/stories/docs';
import { poorPerformers } from '@whosright/projections/stories/poor-performers';
import { rankingAsOf } from '@whosright/projections/stories/ranking-as-of';
import { rankingReport } from '@whosright/projections/stories/ranking-report';
import { keptRanking } from '@whosright/projections/stories/ranking-snapshot';

export interface StateAsOf {
  projection: string;
  rows: ReportRow[];
}

/**
 * What `npm run replay -- <projection|all> --until` prints, in one pass over the log up to the
 * moment: for the stories read model, the poor performers ranking as it stood (`rankingAsOf`, the
 * same as the admin's replays, ranked by the current rule); for the others, their state
 * (`copyReport`).
 */
export async function statesAsOf(
  options: AsOfOptions,
  projections: readonly AnyProjection[],
): Promise<StateAsOf[]> {
  const others = projections.filter((projection) => projection.name !== STORIES);
  if (others.length === projections.length)
    return readAsOf({ ...options, projections }, async (copy) => ({
      projection: copy.projection.name,
      rows: await copyReport(options.readStore, copy),
    }));
  const asOf = await rankingAsOf({ ...options, alongside: others });
  const ranking = await poorPerformers(keptRanking(asOf.rows));
  const states = new Map<string, ReportRow[]>([
    [STORIES, rankingReport(ranking.list)],
    ...asOf.alongside.map((state) => [state.projection.name, state.rows] as const),
  ]);
  return projections.map(({ name }) => ({ projection: name, rows: states.get(name) ?? [] }));
}
