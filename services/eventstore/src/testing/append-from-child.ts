/**
 * A second process appending to the same SQLite file (as an admin CLI would):
 * `node --import tsx append-from-child.ts <file> <stream> <count>`; prints one line per append.
 */
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import { counterEvents, testCatalog } from './test-catalog';

const [file, stream, count] = process.argv.slice(2);
if (!file || !stream || !count)
  throw new Error('usage: append-from-child.ts <file> <stream> <count>');
const store = createSqliteEventStore({ file, catalog: testCatalog });
for (const event of counterEvents(Number(count))) {
  const result = await store.append(stream, [event], 'any');
  process.stdout.write(`appended ${result.nextRevision} ${result.position}\n`);
}
await store.close();
