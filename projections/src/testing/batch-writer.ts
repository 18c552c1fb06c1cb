import type { RecordedEvent } from '@whosright/eventstore/port';
import { BatchFolder } from '../runner/batch-fold';
import { DocCache } from '../runner/doc-cache';
import type { AnyProjection } from '../runner/projection';
import type { Generation, ReadStore } from '../store/port';

/**
 * Applies batches of events to one copy of a projection as the runner's flush does: each batch
 * folded by one `BatchFolder` (its document cache kept between batches) and committed with its
 * checkpoint. `complete`: the copy was built from empty by this writer, so nothing needs loading.
 * For projection specs and benchmarks, which need the runner's write path without its subscription.
 */
export function batchWriter(
  store: ReadStore,
  target: Generation,
  projection: AnyProjection,
  options: { complete?: boolean } = {},
): (events: readonly RecordedEvent[]) => Promise<void> {
  const folder = new BatchFolder(
    store,
    target,
    projection,
    new DocCache(undefined, options.complete === true),
  );
  return async (events) => {
    const outcome = await folder.fold(events);
    if (outcome.failure) throw outcome.failure.error;
    if (outcome.checkpoint !== undefined)
      await store.commit(target, folder.takeWrites(), outcome.checkpoint);
  };
}
