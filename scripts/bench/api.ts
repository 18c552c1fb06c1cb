/**
 * `npm run bench -- api`: the embedded server with 10,000 approved stories, measured with
 * autocannon on loopback for the story card, a random story, a random story for a member who has
 * seen 100 (a draw never repeats a story they voted on or skipped), the home feed, and votes by
 * distinct users: in bench order (20 users, one story after the other), spread over stories, and
 * by users who have each voted on 1,000 stories already. Each beside a bare Express 5 handler
 * answering the same JSON from memory, in the same run, with the server CPU per request of both
 * (from /proc: it holds up under load better than requests per second). Server, baseline and
 * load generator are separate processes. Targets: reads >= 70% of the bare handler's requests/s
 * (the unseen draw >= 60%), votes >= 30% (spread over stories >= 25%), an author's notifications
 * (derived from 50 stories when asked) >= 20%, no non-2xx. Then the live
 * case (api/live.ts): 500 open event streams on one story, each vote's tally received by all of
 * them within 100 ms at p99. `npm run bench -- api live` runs only the live case. Then the search
 * case (api/search.ts): a server of its own with 100,000 approved stories of varied text, and
 * GET /api/stories/search (words, a phrase, an exclusion, filters) timed over 4 connections:
 * p95 <= 50 ms. `npm run bench -- api search` runs only the search case.
 *
 * Variables: BENCH_STORIES, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS,
 * BENCH_LIVE_CONNECTIONS and BENCH_LIVE_VOTES shrink or grow the run; BENCH_SEARCH_STORIES,
 * BENCH_SEARCH_CONNECTIONS and BENCH_SEARCH_REQUESTS the search case, BENCH_SEARCH=0 skips it.
 * BENCH_AB=<dir>[,<dir>...] compares checkouts in one run (an A/B): besides this checkout's
 * server (A), each listed checkout's own server starts with the same environment and its own
 * DATA_DIR, gets the same accounts and the same stories (written by this checkout's command
 * handlers; the log format is shared, and a checkout with other read models builds them at
 * start), and every row is measured on every server, each round taking the bare handler, A,
 * then each checkout in turn. The table of A prints as without it, then one more: per row and
 * checkout (named by its folder), requests/s, the ratios to the bare handler and to A, p99,
 * non-2xx and server CPU per request. The live case then runs on each server.
 * BENCH_ROWS=<part>[,<part>...] measures only the rows whose name contains one of the parts
 * (case does not matter), e.g. `vote`; BENCH_LIVE=0 skips the live case.
 * BENCH_PROFILE=<dir> writes a V8 CPU profile of every server into that folder.
 * `--store postgres` measures, beside this checkout's embedded server (A), the same checkout's
 * server on PostgreSQL (DATABASE_URL; a throw-away cluster of Debian's binaries, fsync on, or the
 * server in DATABASE_URL), as one more checkout of the A/B table: its "/ A" column is the ratio
 * to the embedded mode in the same run. With BENCH_AB too, each listed checkout runs on a fresh
 * database of that server as well (an A/B of two checkouts on PostgreSQL).
 */
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { firstLine, repoRoot, startNode, stop } from './api/processes';
import { measureLive } from './api/live';
import { measureSearch, printSearch } from './api/search';
import { newStoryIds } from './api/populate';
import { measureSides, type Side, type Timing } from './api/measure';
import { printComparison, printLive, printRows, type RowResult } from './api/report';
import { apiRows } from './api/rows';
import {
  prepareServer,
  startApiServer,
  stopApiServer,
  waitUntilHealthy,
  type ApiServer,
  type PreparedServer,
} from './api/server';
import {
  apiBenchSettings,
  rowSelected,
  type ApiBenchSettings,
  type Checkout,
} from './api/settings';
import { startPostgresServer, type PostgresServer } from '@whosright/testing/postgres-server';

const CONNECTIONS = 10;
/** Stories written when only the live case runs. */
const LIVE_ONLY_STORIES = 10;

/** A bare Express handler answering exactly what the first server answers, from memory. */
async function startBare(server: PreparedServer, sample: string, dataDir: string) {
  const read = async (path: string): Promise<unknown> =>
    (await fetch(`${server.base}${path}`)).json();
  const bodies = {
    story: await read(`/api/stories/${sample}`),
    random: await read('/api/stories/random'),
    feed: await read('/api/stories'),
    vote: { vote: { vote: 'he' }, story: await read(`/api/stories/${sample}`) },
  };
  const bodiesFile = join(dataDir, 'bare-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const bare = startNode(join(repoRoot, 'scripts/bench/api/bare-server.ts'), [bodiesFile], {});
  return { bare, url: `http://127.0.0.1:${await firstLine(bare)}` };
}

/** Measures the selected rows on the bare handler and every server, interleaved per round. */
async function measureRows(
  settings: ApiBenchSettings,
  servers: readonly PreparedServer[],
  ids: readonly string[],
  bare: { url: string; pid: number },
): Promise<RowResult[]> {
  const timing: Timing = { connections: CONNECTIONS, ...settings };
  const rows = apiRows(ids, ids[Math.floor(ids.length / 2)]!);
  const selected = rows.filter((row) => rowSelected(settings, row.name));
  if (!selected.length)
    console.log(`BENCH_ROWS selects no row; the rows are: ${rows.map((r) => r.name).join(', ')}`);
  const results: RowResult[] = [];
  for (const row of selected) {
    const prepare = row.prepare;
    const makers = prepare
      ? await Promise.all(servers.map((server) => prepare(server)))
      : servers.map(() => undefined);
    const sides: Side[] = [
      // The bare handler ignores who asks; it gets a sequence of its own, like A's.
      { ...bare, next: makers[0]?.() },
      ...servers.map((server, i) => ({ url: server.base, pid: server.pid, next: makers[i]?.() })),
    ];
    results.push({ ...row, sides: await measureSides(row, sides, timing) });
  }
  return results;
}

async function measureAll(
  settings: ApiBenchSettings,
  servers: readonly PreparedServer[],
  ids: readonly string[],
): Promise<void> {
  const { bare, url } = await startBare(
    servers[0]!,
    ids[Math.floor(ids.length / 2)]!,
    servers[0]!.dataDir,
  );
  try {
    const rows = await measureRows(settings, servers, ids, { url, pid: bare.pid! });
    if (!rows.length) return;
    printRows(
      rows,
      `${settings.stories} approved stories, ${CONNECTIONS} connections, ${settings.warmupSeconds} s warm-up per side, then ${settings.rounds} alternating rounds of ${settings.durationSeconds} s (median round shown), Node ${process.version}`,
    );
    if (servers.length > 1)
      printComparison(
        rows,
        servers.map((server) => server.checkout.name),
      );
  } finally {
    await stop(bare);
  }
}

/** `--store postgres`: this checkout again, on a fresh database of a PostgreSQL server. */
async function postgresCheckout(
  args: readonly string[],
): Promise<{ checkout: Checkout; server: PostgresServer } | undefined> {
  const at = args.indexOf('--store');
  if (at < 0) return undefined;
  const store = args[at + 1];
  if (store !== 'postgres')
    throw new Error(`--store takes postgres (the embedded store is always measured), got ${store}`);
  const server = await startPostgresServer();
  const url = await server.createDatabase('bench_api');
  return {
    checkout: {
      name: `${basename(repoRoot)} on PostgreSQL`,
      dir: repoRoot,
      env: { DATABASE_URL: url },
    },
    server,
  };
}

/** A listed checkout on a database of its own, when the run measures PostgreSQL. */
async function onPostgres(checkout: Checkout, server: PostgresServer, n: number) {
  const url = await server.createDatabase(`bench_api_${n}`);
  return { ...checkout, name: `${checkout.name} on PostgreSQL`, env: { DATABASE_URL: url } };
}

/** The live case on every server, one after another. */
async function measureLiveOn(
  settings: ApiBenchSettings,
  servers: readonly PreparedServer[],
  storyId: string,
) {
  for (const server of servers) {
    const live = await measureLive(
      server.base,
      storyId,
      server.liveVoters,
      settings.liveConnections,
    );
    printLive(live, servers.length > 1 ? server.checkout.name : undefined);
  }
}

/** The search case on this checkout (and each BENCH_AB checkout), each on a server of its own. */
async function runSearch(settings: ApiBenchSettings, checkouts: readonly Checkout[]) {
  for (const checkout of checkouts) {
    const result = await measureSearch(checkout, {
      stories: settings.searchStories,
      connections: settings.searchConnections,
      requests: settings.searchRequests,
    });
    printSearch(result, checkouts.length > 1 ? checkout.name : undefined);
  }
}

export async function run(args: string[] = []): Promise<void> {
  const settings = apiBenchSettings(process.env);
  if (args.includes('search')) {
    await runSearch(settings, [{ name: basename(repoRoot), dir: repoRoot }, ...settings.others]);
    return;
  }
  const liveOnly = args.includes('live');
  const postgres = await postgresCheckout(args);
  const others = postgres
    ? await Promise.all(settings.others.map((other, n) => onPostgres(other, postgres.server, n)))
    : settings.others;
  const checkouts = [
    { name: basename(repoRoot), dir: repoRoot },
    ...(postgres ? [postgres.checkout] : []),
    ...others,
  ];
  const started: ApiServer[] = [];
  try {
    try {
      for (const checkout of checkouts) started.push(await startApiServer(checkout));
      await Promise.all(started.map(waitUntilHealthy));
      const ids = newStoryIds(liveOnly ? LIVE_ONLY_STORIES : settings.stories);
      const liveVotes = settings.live ? settings.liveVotes : 0;
      // One after another: each server's catch-up has the machine to itself.
      const servers: PreparedServer[] = [];
      for (const server of started) servers.push(await prepareServer(server, ids, liveVotes));
      if (!liveOnly) await measureAll(settings, servers, ids);
      if (settings.live) await measureLiveOn(settings, servers, ids[0]!);
    } finally {
      for (const server of started) await stopApiServer(server);
    }
    // After the other servers stopped: its own server has the machine to itself. The PostgreSQL
    // cluster stays up for it: the checkouts on PostgreSQL search there.
    if (!liveOnly && settings.search) await runSearch(settings, checkouts);
  } finally {
    await postgres?.server.stop();
  }
}
