import { readModelHash } from '../runner/content-hash';
import type { AnyProjection } from '../runner/projection';
import type { ReadStore } from '../store/port';

/** Content hash of each projection's active read model, by name. */
export async function activeHashes(
  store: ReadStore,
  projections: readonly AnyProjection[],
): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const projection of projections) {
    const active = await store.active(projection.name);
    if (!active) throw new Error(`${projection.name} has no active read model`);
    hashes[projection.name] = await readModelHash(store, active);
  }
  return hashes;
}
