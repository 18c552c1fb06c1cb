import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventStore } from '@whosright/eventstore/port';
import { openPostgresEventStore } from '@whosright/eventstore/postgres/postgres-event-store';
import { describeWithService } from '@whosright/testing/describe-with-service';
import {
  postgresServer,
  startPostgresServer,
  type PostgresServer,
} from '@whosright/testing/postgres-server';
import { createInProcessLeaseManager } from '../../runner/lease/in-process-lease';
import { createProjectionRunner } from '../../runner/projection-runner';
import { activeHashes } from '../../testing/read-models';
import { sampleCatalog } from '../../testing/sample-events';
import { appendSampleLog, sampleLog } from '../../testing/sample-log';
import { sampleProjections } from '../../testing/sample-projections';
import { openSqliteFixture } from '../../testing/sqlite-fixture';
import type { ReadStore } from '../port';
import { openPostgresReadStore } from './postgres-read-store';

/** Runs the sample projections over `eventStore` into `readStore` until they reach its head. */
async function project(eventStore: EventStore, readStore: ReadStore) {
  const runner = createProjectionRunner({
    eventStore,
    readStore,
    projections: sampleProjections,
    leases: createInProcessLeaseManager(),
    batchSize: 200,
  });
  runner.start();
  expect(await runner.waitFor(await eventStore.headPosition(), undefined, 20_000)).toBe(true);
  await runner.stop();
  return activeHashes(readStore, sampleProjections);
}

describeWithService(postgresServer, 'projections on PostgreSQL', () => {
  let server: PostgresServer;

  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(() => server?.stop());

  it('when the runner follows a PostgreSQL log into a PostgreSQL read store it builds the read models SQLite builds', async () => {
    const log = [...sampleLog({ events: 400, seed: 5 })];
    const reference = openSqliteFixture();
    await appendSampleLog(reference.eventStore, log, { database: reference.database });
    const expected = await project(reference.eventStore, reference.readStore);
    await reference.dispose();

    const url = await server.createDatabase('projections');
    const eventStore = await openPostgresEventStore({
      connectionString: url,
      catalog: sampleCatalog,
    });
    const readStore = await openPostgresReadStore({ connectionString: url });
    await appendSampleLog(eventStore, log);
    expect(await project(eventStore, readStore)).toEqual(expected);
    await readStore.close();
    await eventStore.close();
  });
});
