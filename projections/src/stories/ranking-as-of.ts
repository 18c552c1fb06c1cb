import { copyReport, readAsOf, type AsOfOptions } from '../runner/as-of';
import type { AnyProjection, ReportRow } from '../runner/projection';
import { STORIES, type StoryDoc } from './docs';
import { storiesProjection } from './projection';
import { rankableRows, type RankRow } from './ranking-snapshot';

export interface RankingAsOf {
  /** Every rankable story at that moment, in ranking order: any rule ranks them (`keptRanking`). */
  rows: RankRow[];
  /** The state of each read model built alongside (`copyReport`), in the order asked. */
  alongside: { projection: AnyProjection; rows: ReportRow[] }[];
}

/**
 * The poor performers' ranking as it stood at `until`: the stories read model replayed up to that
 * moment into a scratch copy, and its rankable stories kept, in ranking order, before the copy is
 * dropped. The admin's replays and `npm run replay -- stories --until` both ask here, and rank
 * what it keeps with `poorPerformers`. Other read models asked `alongside` are built in the same
 * pass over the log (`npm run replay -- all --until`).
 */
export async function rankingAsOf(
  options: AsOfOptions & { alongside?: readonly AnyProjection[] },
): Promise<RankingAsOf> {
  const alongside = (options.alongside ?? []).filter((p) => p.name !== STORIES);
  let rows: RankRow[] = [];
  const states = await readAsOf(
    { ...options, projections: [storiesProjection, ...alongside] },
    async (copy) => {
      if (copy.projection !== storiesProjection)
        return { projection: copy.projection, rows: await copyReport(options.readStore, copy) };
      rows = await rankableRows(
        options.readStore.generationCollection<StoryDoc>(copy.target, STORIES),
      );
      return undefined;
    },
  );
  return { rows, alongside: states.filter((state) => state !== undefined) };
}
