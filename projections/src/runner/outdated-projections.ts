import type { ReadModelWriter } from '../store/port';
import type { AnyProjection } from './projection';

/**
 * The projections a rebuild has to redo: those without a live read model, and those whose live
 * read model was built by another version of the projection. The others are kept as they are.
 */
export async function outdatedProjections(
  readStore: Pick<ReadModelWriter, 'active'>,
  projections: readonly AnyProjection[],
): Promise<AnyProjection[]> {
  const actives = await Promise.all(projections.map((p) => readStore.active(p.name)));
  return projections.filter((projection, i) => actives[i]?.version !== projection.version);
}
