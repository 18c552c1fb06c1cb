/**
 * `npm run bench -- insights [--events N]`: the admin's Insights tab over a realistic log of the
 * product's own events (500,000 unless `--events`; the replay bench's generator, spread over 30
 * days), its read models rebuilt in the embedded mode, then GET /api/admin/insights's work
 * (`AdminInsights.over`, 30 and 90 days: the day documents, the lead counts, the skip-rate
 * counts and the poor-performer ranking) timed in this process, HTTP aside. Budget: p95 < 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { INSIGHTS } from '@whosright/projections/insights/docs';
import { InsightsQueries } from '@whosright/projections/insights/queries';
import { rebuildProjections } from '@whosright/projections/runner/rebuild';
import { StoryQueries } from '@whosright/projections/stories/queries';
import { STORIES } from '@whosright/projections/stories/docs';
import { readModels } from '@whosright/projections/read-models';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { appendSampleLog } from '@whosright/projections/testing/sample-log';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { AdminInsights } from '../../services/api/src/insights/admin-insights';
import { domainLog } from './replay/domain-log';

const BUDGET_P95_MS = 100;
const ASKS = 200;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function eventsArgument(args: readonly string[]): number {
  const i = args.indexOf('--events');
  const events = Number(i >= 0 ? args[i + 1] : 500_000);
  if (!Number.isInteger(events) || events <= 0)
    throw new Error('--events must be a positive integer');
  return events;
}

export async function run(args: string[] = []): Promise<void> {
  const events = eventsArgument(args);
  const dir = mkdtempSync(join(tmpdir(), 'whosright-bench-insights-'));
  const database = openSqliteDatabase(join(dir, 'whosright.sqlite'));
  const eventStore = createSqliteEventStore({ database, catalog: domainEventCatalog });
  const readStore = createSqliteReadStore({ database });
  try {
    await appendSampleLog(eventStore, domainLog({ events }), { database });
    const built = performance.now();
    await rebuildProjections({
      eventStore,
      readStore,
      projections: readModels.filter((model) => model.name === INSIGHTS || model.name === STORIES),
    });
    console.log(
      `${events} events; ${INSIGHTS} and stories rebuilt in ${((performance.now() - built) / 1000).toFixed(1)} s`,
    );
    // The log's days: the window ends on its last day, as the tab's would on that day.
    const last = await eventStore.headPosition();
    const insights = new AdminInsights({
      insights: new InsightsQueries(readStore),
      stories: new StoryQueries(readStore),
      now: () => new Date(Date.parse('2026-10-31T12:00:00.000Z')),
    });
    for (const days of [30, 90] as const) {
      const timings: number[] = [];
      let answer = await insights.over(days);
      for (let ask = 0; ask < ASKS; ask++) {
        const started = performance.now();
        answer = await insights.over(days);
        timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      const p95 = percentile(timings, 95);
      const votes = answer.days.reduce((sum, day) => sum + day.votes, 0);
      console.log(
        `insights, ${days} days (${votes} votes, ${Object.values(answer.verdicts).reduce((a, b) => a + b, 0)} approved stories, log head ${last}): p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget < ${BUDGET_P95_MS} ms)  ${p95 < BUDGET_P95_MS ? 'ok' : 'MISSED'}`,
      );
    }
  } finally {
    await eventStore.close();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
