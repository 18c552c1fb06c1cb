/**
 * A projector process for the crash test: runs the sample projections on a SQLite file until
 * they reach the head, prints "caught-up", and exits. The test kills it with SIGKILL mid-way.
 */
import { createProjectionRunner } from '../runner/projection-runner';
import { sampleProjections } from './sample-projections';
import { openSqliteFixture } from './sqlite-fixture';

const [file, batchSize = '100'] = process.argv.slice(2);
if (!file) throw new Error('usage: projector-child.ts <sqlite file> [batch size]');
const fixture = openSqliteFixture(file);
const { eventStore, readStore } = fixture;
const runner = createProjectionRunner({
  eventStore,
  readStore,
  projections: sampleProjections,
  batchSize: Number(batchSize),
});
runner.start();
const reached = await runner.waitFor(await eventStore.headPosition(), undefined, 120_000);
await runner.stop();
await fixture.close();
console.log(reached ? 'caught-up' : 'timed-out');
process.exit(reached ? 0 : 1);
