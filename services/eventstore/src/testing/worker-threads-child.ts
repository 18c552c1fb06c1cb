/**
 * A process that stops background checkpoints and then reads the log, with nothing else keeping
 * its event loop alive: `node --import tsx worker-threads-child.ts <file>`. It must print both
 * lines: an unreferenced worker awaited on would let it exit silently.
 */
import { startBackgroundCheckpoints } from '../sqlite/background-checkpoints';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import { counterEvents, testCatalog } from './test-catalog';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: worker-threads-child.ts <file>');
const db = openSqliteDatabase(file);
const checkpoints = startBackgroundCheckpoints(db);
const store = createSqliteEventStore({ database: db, catalog: testCatalog });
await store.append('counter-1', counterEvents(5), 'no_stream');
// Stopped right after starting: the thread may not even be up yet.
await checkpoints.stop();
process.stdout.write('stopped\n');
let read = 0;
for await (const _event of store.readAll()) read++;
process.stdout.write(`read ${read}\n`);
await store.close();
db.close();
