import { expect } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { eventMetadataSchema } from '@whosright/contracts/shared/events';
import type { RecordedEvent } from '@whosright/eventstore/port';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import type { AnyProjection } from '../runner/projection';
import type { Doc, Generation, ReadStore } from '../store/port';
import { createSqliteReadStore } from '../store/sqlite/sqlite-read-store';
import { batchWriter } from './batch-writer';

/** Every document of every collection of a read model, by collection name. */
type Documents = Record<string, Doc[]>;

/** The event as the store hands it to projections: data parsed through its catalog schema. */
function asRead(event: RecordedEvent): RecordedEvent {
  const definition = domainEventCatalog.get(event.type);
  if (!definition) throw new Error(`${event.type} is not in the event catalog`);
  eventMetadataSchema.parse(event.metadata);
  return { ...event, data: definition.schema.parse(event.data) };
}

/** Given events must be in log order; a when event is later still, or a redelivery of one seen. */
function checkOrder(given: readonly RecordedEvent[], when: readonly RecordedEvent[]): void {
  const seen = new Map<bigint, string>();
  let last = 0n;
  for (const [i, event] of [...given, ...when].entries()) {
    const redelivered = i >= given.length && seen.get(event.position) === event.id;
    if (event.position <= last && !redelivered)
      throw new Error(`${event.type} at position ${event.position} is out of log order`);
    seen.set(event.position, event.id);
    if (event.position > last) last = event.position;
  }
}

async function documentsOf(
  store: ReadStore,
  target: Generation,
  projection: AnyProjection,
): Promise<Documents> {
  const documents: Documents = {};
  for (const { name } of projection.collections)
    documents[name] = (await store.generationCollection(target, name).find()).items;
  return documents;
}

/**
 * Projects `given`, then `when`, through the machinery the runner uses: a `BatchFolder` committing
 * into a SQLite read store (in memory), so `derive` runs as in production. `given` is one batch
 * into a new copy (complete cache); `when` is a later batch after a restart (documents loaded
 * from the store), behind the runner's guard: an event at or before the checkpoint, or already
 * queued, is a redelivery and skipped (ProjectionWorker.runGeneration).
 */
async function project(
  projection: AnyProjection,
  given: readonly RecordedEvent[],
  when: readonly RecordedEvent[],
): Promise<{ before: Documents; after: Documents }> {
  checkOrder(given, when);
  const database = openSqliteDatabase(':memory:');
  const store = createSqliteReadStore({ database });
  try {
    const target = await store.createGeneration(
      projection.name,
      projection.version,
      projection.collections,
      { owner: 'runner' },
    );
    await batchWriter(store, target, projection, { complete: true })(given.map(asRead));
    const before = await documentsOf(store, target, projection);

    let queued = (await store.checkpoint(target)) ?? 0n;
    const batch: RecordedEvent[] = [];
    for (const event of when) {
      if (event.position <= queued) continue;
      batch.push(asRead(event));
      queued = event.position;
    }
    await batchWriter(store, target, projection)(batch);
    return { before, after: await documentsOf(store, target, projection) };
  } finally {
    await store.close();
    database.close();
  }
}

const byId = (a: Doc, b: Doc) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/**
 * Given / when / then for a projection (the Emmett projection specification shape):
 * `spec.given(pastEvents).when(event).then({ collection: [documents] })` names every collection
 * with its exact documents, in any order; `.thenNothingChanges()` expects the documents `given`
 * left. Events come from `eventLog()`; each is checked against the event catalog.
 */
export function projectionSpec(projection: AnyProjection) {
  return {
    given(given: readonly RecordedEvent[]) {
      return {
        when(...when: RecordedEvent[]) {
          return {
            async then(expected: Documents): Promise<void> {
              const names = projection.collections.map((c) => c.name).sort();
              expect(Object.keys(expected).sort(), 'name every collection, [] when empty').toEqual(
                names,
              );
              const { after } = await project(projection, given, when);
              const sorted = Object.fromEntries(
                Object.entries(expected).map(([name, docs]) => [name, [...docs].sort(byId)]),
              );
              expect(after).toStrictEqual(sorted);
            },
            async thenNothingChanges(): Promise<void> {
              const { before, after } = await project(projection, given, when);
              expect(after).toStrictEqual(before);
            },
          };
        },
      };
    },
  };
}
