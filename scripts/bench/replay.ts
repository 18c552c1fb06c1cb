/**
 * `npm run bench -- replay [--events N]`: rebuild throughput of every read model the API serves
 * (projections/src/read-models.ts) in the embedded mode (SQLite, read models in the event store's
 * file), over a realistic log of the product's own events, beside a raw scan of the same events in
 * the same run: all of them in one shared scan, then each alone. Past 500,000 events a log of
 * 500,000 is measured as well, to show whether the cost per event stays flat as the log grows.
 * `--store postgres` also copies that log (same events, ids and order) into a throw-away
 * PostgreSQL cluster (fsync on) and rebuilds every read model there: its rate beside SQLite's, the
 * budget 50% of it (the read models alone are then left out, for time).
 */
import { availableParallelism, loadavg } from 'node:os';
import { measureLog } from './replay/measure-log';
import { printGrowth, printLog, printPostgres, type Budgets } from './replay/report';
import { measurePostgresRebuild, type PostgresMeasurement } from './replay/postgres-rebuild';

const REFERENCE_EVENTS = 500_000;
/** Best of 3 up to a million events; one round past that (5M takes minutes per rebuild). */
const roundsFor = (events: number) => (events > 1_000_000 ? 1 : 3);

const BUDGETS: Budgets = {
  allEventsPerSecond: 150_000,
  // The first rebuild budget (50%); the per-event cost work asks 30% of all of them together at least.
  allOfScan: 0.5,
  aloneOfScan: 0.5,
  growth: 0.85,
};
/** A full rebuild on PostgreSQL, as a share of SQLite's on the same log. */
const POSTGRES_OF_SQLITE = 0.5;

function storeArgument(args: string[]): 'sqlite' | 'postgres' {
  const i = args.indexOf('--store');
  if (i < 0) return 'sqlite';
  if (args[i + 1] !== 'postgres') throw new Error('--store takes postgres');
  return 'postgres';
}

function eventsArgument(args: string[]): number {
  const i = args.indexOf('--events');
  const events = Number(i >= 0 ? args[i + 1] : REFERENCE_EVENTS);
  if (!Number.isInteger(events) || events <= 0)
    throw new Error('--events must be a positive integer');
  return events;
}

export async function run(args: string[]): Promise<void> {
  const events = eventsArgument(args);
  const onPostgres = storeArgument(args) === 'postgres';
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}; best of ${roundsFor(events)} runs`,
  );
  let postgres: PostgresMeasurement | undefined;
  const measured = await measureLog({
    events,
    rounds: roundsFor(events),
    eachAlone: !onPostgres,
    ...(onPostgres
      ? {
          alsoOn: async (log) => {
            postgres = await measurePostgresRebuild(log, events, 1);
          },
        }
      : {}),
  });
  let met = printLog(measured, BUDGETS);
  if (postgres) met = printPostgres(measured, postgres, POSTGRES_OF_SQLITE) && met;
  if (events > REFERENCE_EVENTS) {
    const reference = await measureLog({
      events: REFERENCE_EVENTS,
      rounds: roundsFor(REFERENCE_EVENTS),
      eachAlone: false,
    });
    met = printGrowth(measured, reference, BUDGETS) && met;
  }
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
  if (!met) process.exitCode = 1;
}
