import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/** Where a checkout's API server starts: the same entry point `npm start` runs. */
export const API_ENTRY = 'services/api/src/app/main.ts';

/** A checkout whose API server is measured, named in the tables by its folder's name. */
export interface Checkout {
  name: string;
  dir: string;
  /** What its server's environment adds (`--store postgres`: DATABASE_URL). */
  env?: Record<string, string>;
}

export interface ApiBenchSettings {
  stories: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  liveConnections: number;
  liveVotes: number;
  /** BENCH_AB: further checkouts measured beside this one, in the same run. */
  others: Checkout[];
  /** BENCH_ROWS: a row is measured when its name contains one of these; empty: every row. */
  rows: string[];
  /** BENCH_LIVE=0 skips the live-stream case. */
  live: boolean;
  /** BENCH_SEARCH=0 skips the search case. */
  search: boolean;
  /** BENCH_SEARCH_STORIES, _CONNECTIONS, _REQUESTS: the search case's size. */
  searchStories: number;
  searchConnections: number;
  searchRequests: number;
}

type Env = Record<string, string | undefined>;

function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A folder of BENCH_AB, checked before any server starts, so a typo fails at once. */
function checkoutAt(entry: string): Checkout {
  const dir = resolve(entry);
  if (!existsSync(join(dir, API_ENTRY)))
    throw new Error(`BENCH_AB: ${dir} is not a checkout of this repository (no ${API_ENTRY})`);
  if (!existsSync(join(dir, 'node_modules')))
    throw new Error(`BENCH_AB: ${dir} has no node_modules (run npm install there first)`);
  return { name: basename(dir), dir };
}

export function apiBenchSettings(env: Env): ApiBenchSettings {
  return {
    stories: Number(env.BENCH_STORIES ?? 10_000),
    durationSeconds: Number(env.BENCH_SECONDS ?? 5),
    warmupSeconds: Number(env.BENCH_WARMUP_SECONDS ?? 2),
    rounds: Number(env.BENCH_ROUNDS ?? 3),
    liveConnections: Number(env.BENCH_LIVE_CONNECTIONS ?? 500),
    liveVotes: Number(env.BENCH_LIVE_VOTES ?? 20),
    others: listOf(env.BENCH_AB).map(checkoutAt),
    rows: listOf(env.BENCH_ROWS).map((row) => row.toLowerCase()),
    live: env.BENCH_LIVE !== '0',
    search: env.BENCH_SEARCH !== '0',
    searchStories: Number(env.BENCH_SEARCH_STORIES ?? 100_000),
    searchConnections: Number(env.BENCH_SEARCH_CONNECTIONS ?? 4),
    searchRequests: Number(env.BENCH_SEARCH_REQUESTS ?? 2_000),
  };
}

/** Whether BENCH_ROWS selects the row of this name (case does not matter). */
export function rowSelected(settings: Pick<ApiBenchSettings, 'rows'>, name: string): boolean {
  const lower = name.toLowerCase();
  return settings.rows.length === 0 || settings.rows.some((part) => lower.includes(part));
}
