import { domainEventCatalog } from '@whosright/contracts/catalog';
import type { EventStore, StreamAppend } from '@whosright/eventstore/port';
import { openPostgresEventStore } from '@whosright/eventstore/postgres/postgres-event-store';
import { readModels } from '@whosright/projections/read-models';
import { rebuildProjections } from '@whosright/projections/runner/rebuild';
import { openPostgresReadStore } from '@whosright/projections/store/postgres/postgres-read-store';
import { startPostgresServer } from '@whosright/testing/postgres-server';
import { timed, type Run } from './measure-log';

export interface PostgresMeasurement {
  /** Copying the log in, appends of up to 1,000 events across streams each. */
  load: Run;
  readAll: Run;
  /** Every read model in one shared scan, into the same database. */
  all: Run;
}

const BATCH = 1_000;

/**
 * Copies `source` (the SQLite log the embedded figures were measured on: the same events, ids
 * and order) into a fresh database of a throw-away PostgreSQL cluster (fsync on), then rebuilds
 * every read model there, best of `rounds`.
 */
export async function measurePostgresRebuild(
  source: EventStore,
  events: number,
  rounds: number,
): Promise<PostgresMeasurement> {
  const server = await startPostgresServer();
  try {
    const url = await server.createDatabase('bench_replay');
    const eventStore = await openPostgresEventStore({
      connectionString: url,
      catalog: domainEventCatalog,
    });
    const readStore = await openPostgresReadStore({ connectionString: url });
    try {
      const load = await timed(() => copyLog(source, eventStore));
      const readAll = await timed(async () => {
        let read = 0;
        for await (const _event of eventStore.readAll()) read++;
        if (read !== events) throw new Error(`readAll read ${read} events, expected ${events}`);
      });
      let all: Run | undefined;
      for (let round = 0; round < rounds; round++) {
        const run = await timed(() =>
          rebuildProjections({ eventStore, readStore, projections: readModels }),
        );
        if (!all || run.ms < all.ms) all = run;
      }
      return { load, readAll, all: all! };
    } finally {
      await readStore.close();
      await eventStore.close();
    }
  } finally {
    await server.stop();
  }
}

/**
 * The log in its order: a batch ends before a stream it already holds, so appending a batch in
 * one step keeps every event's place.
 */
async function copyLog(source: EventStore, target: EventStore): Promise<void> {
  let batch: StreamAppend[] = [];
  let streams = new Set<string>();
  const flush = async () => {
    if (batch.length) await target.appendAll!(batch);
    batch = [];
    streams = new Set();
  };
  for await (const { id, stream, type, data, metadata } of source.readAll()) {
    if (streams.has(stream) || batch.length >= BATCH) await flush();
    streams.add(stream);
    batch.push({ stream, events: [{ id, type, data, metadata }], expected: 'any' });
  }
  await flush();
}
