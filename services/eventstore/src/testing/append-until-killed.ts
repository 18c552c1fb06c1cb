/**
 * Crash-test writer: `node --import tsx append-until-killed.ts <file> <sync>` appends forever,
 * round robin over a few streams, and prints `ack <id> <stream> <revision> <position>` once each
 * append is acknowledged, until the parent kills it.
 */
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import { syncFromEnv } from '@whosright/sqlite/database';
import { counterEvents, testCatalog } from './test-catalog';
import { v7 as uuidv7 } from 'uuid';

const [file, sync] = process.argv.slice(2);
if (!file) throw new Error('usage: append-until-killed.ts <file> [normal|full]');
const store = createSqliteEventStore({ file, catalog: testCatalog, sync: syncFromEnv(sync) });
for (let i = 0; ; i++) {
  const stream = `crash-${i % 5}`;
  const size = 1 + (i % 3);
  const events = counterEvents(size).map((event) => ({ ...event, id: uuidv7() }));
  const result = await store.append(stream, events, 'any');
  process.stdout.write(
    `ack ${events.map((e) => e.id).join(',')} ${stream} ${result.nextRevision} ${result.position}\n`,
  );
}
