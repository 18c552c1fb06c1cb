import type { Doc, ReadStore } from '../store/port';
import type { AnyProjection } from '../runner/projection';

/** Makes these documents the live generation of a projection's read model, as if it had made them. */
export async function liveDocs(
  store: ReadStore,
  projection: AnyProjection,
  docs: ReadonlyArray<{ collection: string; doc: Doc }>,
): Promise<void> {
  const target = await store.createGeneration(
    projection.name,
    projection.version,
    projection.collections,
  );
  const writes = docs.map(({ collection, doc }) => ({
    collection,
    id: doc._id,
    doc,
    position: 1n,
  }));
  await store.commit(target, writes, 1n);
  await store.activate(target);
}
