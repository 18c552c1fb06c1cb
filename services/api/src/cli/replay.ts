/**
 * Replay / rebuild read models from the event log (operators and analysts):
 *   npm run replay -- [<projection>|changed|all] [--until <ISO time>] [--format table|json|csv] [--out file]
 * Uses PostgreSQL when DATABASE_URL is set, else the embedded SQLite file DATA_DIR/whosright.sqlite
 * (DATA_DIR defaults to ./data).
 */
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { readModels } from '@whosright/projections/read-models';
import { databaseOrRefuse } from './exits';
import { abortOnInterrupt } from './replay/interrupt';
import { runReplay } from './replay/run-replay';

const database = databaseOrRefuse();
const interrupt = abortOnInterrupt(process);
process.exitCode = await runReplay(process.argv.slice(2), {
  projections: readModels,
  catalog: domainEventCatalog,
  dataDir: process.env.DATA_DIR || './data',
  ...(database ? { database } : {}),
  stdout: process.stdout,
  stderr: process.stderr,
  signal: interrupt.signal,
});
interrupt.dispose();
