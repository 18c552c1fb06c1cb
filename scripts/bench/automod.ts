/**
 * `npm run bench -- automod [--events N] [--rounds N]`: what automod costs the event loop.
 * Screening: each worst-case text of a comment's full length against 100 rules at the schema's
 * limits in each costliest shape (`automod/worst-rules.ts`), beside the same text searched for
 * every phrase with `toLowerCase().includes()`. Dry run: a real embedded server over a log of
 * N texts (default 100,000) of the last month, `/api/health` probed while idle and while an
 * admin's dry run of such a rule reads them all.
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { measureDryRun } from './automod/dry-run';
import { measureScreening, percentiles, type Timing } from './automod/screening';
import { WILDCARD_SHAPES, worstRules } from './automod/worst-rules';

const SCREEN_BUDGET_MS = 5;
const HEALTH_BUDGET_MS = 100;

function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;
const timing = ({ p50, p99 }: Timing) => `p50 ${ms(p50)}  p99 ${ms(p99)}`;

function screening(rounds: number): boolean {
  console.log(`\nscreening a 1,000-character comment against 100 rules, ${rounds} times each`);
  const rows = measureScreening(rounds);
  for (const row of rows)
    console.log(
      `${row.rules.padEnd(18)} ${row.text.padEnd(26)} screen ${timing(row.screen)}   includes() ${timing(row.baseline)}`,
    );
  const worst = rows.reduce((a, b) => (b.screen.p50 > a.screen.p50 ? b : a));
  const met = worst.screen.p50 < SCREEN_BUDGET_MS;
  console.log(
    `worst: ${worst.rules}, ${worst.text}: ${timing(worst.screen)} (includes() ${timing(worst.baseline)}); budget p50 < ${SCREEN_BUDGET_MS} ms: ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

async function dryRun(events: number): Promise<boolean> {
  // The costliest shape for one rule: a run between two `*`, scanned over every word.
  const rule = worstRules(WILDCARD_SHAPES['inside *a...ab*']!)[0]!;
  console.log(`\ndry run over ${events.toLocaleString('en-US')} texts of the last month`);
  const report = await measureDryRun(events, rule);
  console.log(
    `log written in ${report.writeSeconds.toFixed(1)} s; the server's read models caught up in ${report.catchUpSeconds.toFixed(1)} s`,
  );
  const idle = percentiles(report.idle);
  const during = percentiles(report.during);
  const line = (label: string, p: ReturnType<typeof percentiles>) =>
    console.log(
      `/api/health ${label.padEnd(16)} p50 ${ms(p.p50)}  p99 ${ms(p.p99)}  max ${ms(p.max)}  (${p.count} probes)`,
    );
  line('idle', idle);
  line('during the run', during);
  console.log(
    `the dry run read ${report.read.toLocaleString('en-US')} events in ${(report.dryRunMs / 1000).toFixed(1)} s (${Math.round(report.read / (report.dryRunMs / 1000)).toLocaleString('en-US')} /s)`,
  );
  const met = during.p99 < HEALTH_BUDGET_MS;
  console.log(
    `budget: /api/health p99 during the run < ${HEALTH_BUDGET_MS} ms: ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

export async function run(args: string[]): Promise<void> {
  const events = flag(args, '--events', 100_000);
  const rounds = flag(args, '--rounds', 200);
  console.log(
    `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
  );
  const screened = screening(rounds);
  const ran = await dryRun(events);
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
  if (!screened || !ran) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run(process.argv.slice(2));
