/**
 * `npm run bench -- api`: the embedded server with 10,000 approved stories, measured with
 * autocannon on loopback for the story card, a random story, a random story for a member who has
 * seen 100 (a draw never repeats a story they voted on or skipped), the home feed, and votes by
 * distinct users: in bench order (20 users, one story after the other), spread over stories, and
 * by users who have each voted on 1,000 stories already. Each beside a bare Express 5 handler
 * answering the same JSON from memory, in the same run, with the server CPU per request of both
 * (from /proc: it holds up under load better than requests per second). Server, baseline and
 * load generator are separate processes. Targets: reads >= 70% of the bare handler's requests/s
 * (the unseen draw >= 60%), votes >= 30% (spread over stories >= 25%), no non-2xx. Then the live
 * case (api/live.ts): 500 open event streams on one story, each vote's tally received by all of
 * them within 100 ms at p99. `npm run bench -- api live` runs only the live case.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLine, freePort, repoRoot, startNode, stop, waitFor } from './api/processes';
import { load, type LoadResult } from './api/load';
import { populateApprovedStories } from './api/populate';
import { measureLive, type LiveResult } from './api/live';
import { cpuMicros } from './api/cpu';

const STORIES = Number(process.env.BENCH_STORIES ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const VOTERS = 20;
const LIVE_CONNECTIONS = Number(process.env.BENCH_LIVE_CONNECTIONS ?? 500);
const LIVE_VOTES = Number(process.env.BENCH_LIVE_VOTES ?? 20);
const LIVE_TARGET_P99_MS = 100;
/** Stories the reader of the unseen-random row has voted on (and so never draws again). */
const SEEN_BY_READER = 100;
/** Stories each voter of the "many seen" vote row voted on before it is measured. */
const SEEN_BY_VOTER = 1_000;

interface Row {
  name: string;
  bare: LoadResult;
  real: LoadResult;
  target: number;
  /** Server CPU per request over every measured round (user + system, from /proc). */
  bareCpuMicros: number;
  realCpuMicros: number;
  /** Every run against the real server, warm-up included: any non-2xx in any of them counts. */
  realRuns: LoadResult[];
}

/** The round with the median requests/s (the middle one of an odd count). */
function median(rounds: LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function printLive(live: LiveResult): void {
  const verdict = live.p99 <= LIVE_TARGET_P99_MS && live.missed === 0 ? 'ok' : 'MISSED';
  console.log(
    `\nlive stream: ${live.connections} open connections on one story, ${live.votes} votes one after another (${live.samples} deliveries)`,
  );
  console.log(
    `vote -> tally on every stream: p50 ${live.p50.toFixed(1)} ms, p99 ${live.p99.toFixed(1)} ms (target <= ${LIVE_TARGET_P99_MS} ms), max ${live.max.toFixed(1)} ms, missed ${live.missed}  ${verdict}`,
  );
}

export async function run(args: string[] = []): Promise<void> {
  const liveOnly = args.includes('live');
  const dataDir = mkdtempSync(join(tmpdir(), 'wr-bench-api-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startNode(join(repoRoot, 'services/api/src/app/main.ts'), [], {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ADMIN_EMAILS: 'bench-admin@example.com',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Each simulated user comes from its own address (X-Forwarded-For from loopback).
    TRUST_PROXY: 'loopback',
    // The vote bench measures throughput, not one person: 20 accounts vote flat out.
    WRITE_LIMITS: '0',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
  });
  let bare: ReturnType<typeof startNode> | undefined;
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 60_000, 'the server');

    const register = async (email: string, ip: string) => {
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: 'bench password 123', firstName: 'Bench' }),
      });
      if (res.status !== 201)
        throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
      // Every cookie the server set, as a browser would send them back (session and hint).
      const cookie = res.headers
        .getSetCookie()
        .map((header) => header.split(';')[0]!)
        .join('; ');
      return { id: ((await res.json()) as { id: string }).id, cookie };
    };
    const admin = await register('bench-admin@example.com', '10.9.0.1');
    const voters: Array<{ id: string; cookie: string }> = [];
    for (let i = 0; i < VOTERS; i++)
      voters.push(await register(`voter${i}@example.com`, `10.9.1.${i}`));

    const started = Date.now();
    const ids = await populateApprovedStories(dataDir, liveOnly ? 10 : STORIES, admin.id, admin.id);
    console.log(
      `wrote ${ids.length} approved stories through the command handlers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await waitFor(
      async () => (await fetch(`${base}/api/stories/${ids.at(-1)}`)).ok,
      120_000,
      'the read models to catch up',
    );
    await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 120_000, 'readiness');

    // The live case votes with accounts of its own, on a story of its own.
    const liveVoters: Array<{ id: string; cookie: string }> = [];
    for (let i = 0; i < LIVE_VOTES; i++)
      liveVoters.push(await register(`live-voter${i}@example.com`, `10.9.2.${i}`));
    const liveStory = ids[0]!;
    if (liveOnly) {
      printLive(await measureLive(base, liveStory, liveVoters, LIVE_CONNECTIONS));
      return;
    }

    // The bare baseline answers exactly what the real server answers.
    const sample = ids[Math.floor(ids.length / 2)]!;
    const bodies = {
      story: await (await fetch(`${base}/api/stories/${sample}`)).json(),
      random: await (await fetch(`${base}/api/stories/random`)).json(),
      feed: await (await fetch(`${base}/api/stories`)).json(),
      vote: {
        vote: { vote: 'he' },
        story: await (await fetch(`${base}/api/stories/${sample}`)).json(),
      },
    };
    const bodiesFile = join(dataDir, 'bare-bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    bare = startNode(join(repoRoot, 'scripts/bench/api/bare-server.ts'), [bodiesFile], {});
    const bareBase = `http://127.0.0.1:${await firstLine(bare)}`;

    const voteRequest = (voter: { cookie: string }, storyId: string, i: number) => ({
      path: `/api/stories/${storyId}/vote`,
      headers: { cookie: voter.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ vote: i % 3 ? 'he' : 'she' }),
    });
    /**
     * Each request a different (user, story) pair. In bench order the 20 users vote on one story
     * after the other; spread, consecutive votes land on stories far apart (each user walks the
     * stories in steps of 7 from its own start, 7 and 10,000 being coprime, so no pair repeats).
     */
    const votesBy = (
      who: ReadonlyArray<{ cookie: string }>,
      order: 'bench' | 'spread',
      skip = 0,
    ) => {
      let i = 0;
      return () => {
        const n = i++;
        const k = Math.floor(n / who.length);
        const v = n % who.length;
        const story =
          order === 'bench' ? skip + k : skip + ((k * 7 + v * 500) % (ids.length - skip));
        return voteRequest(who[v]!, ids[story % ids.length]!, n);
      };
    };
    let readIndex = 0;
    const nextStory = () => ({ path: `/api/stories/${ids[readIndex++ % ids.length]}` });

    const rows: Row[] = [];
    const measure = async (
      name: string,
      target: number,
      path: string,
      options: {
        method?: 'POST';
        next?: () => { path: string; headers?: Record<string, string>; body?: string };
      } = {},
    ) => {
      const common = {
        connections: CONNECTIONS,
        ...(options.method ? { method: options.method } : {}),
        ...(options.next ? { next: options.next } : {}),
      };
      const side = (url: string, durationSeconds: number) =>
        load({ ...common, url: `${url}${path}`, durationSeconds });
      const cpu = { bare: 0, real: 0 };
      const requests = { bare: 0, real: 0 };
      const counted = async (which: 'bare' | 'real', url: string, pid: number) => {
        const before = cpuMicros(pid);
        const result = await side(url, DURATION);
        cpu[which] += cpuMicros(pid) - before;
        requests[which] += result.total;
        return result;
      };
      // Both sides warm up (JIT, caches, sockets) before anything counts; then they alternate so
      // that a drift in the machine's speed falls on both, and each side's median round is kept.
      await side(bareBase, WARMUP);
      const realWarmup = await side(base, WARMUP);
      const bareRounds: LoadResult[] = [];
      const realRounds: LoadResult[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        bareRounds.push(await counted('bare', bareBase, bare!.pid!));
        realRounds.push(await counted('real', base, server.pid!));
      }
      rows.push({
        name,
        bare: median(bareRounds),
        real: median(realRounds),
        target,
        bareCpuMicros: cpu.bare / Math.max(1, requests.bare),
        realCpuMicros: cpu.real / Math.max(1, requests.real),
        realRuns: [realWarmup, ...realRounds],
      });
    };
    await measure('GET /api/stories/{id}', 0.7, `/api/stories/${sample}`, { next: nextStory });
    await measure('GET /api/stories/random', 0.7, '/api/stories/random');
    // A member who has voted on 100 stories: each draw leaves those out, three reads (the pool
    // size, the drawn slot, then whether they saw that story, by id) instead of two.
    const reader = await register('bench-reader@example.com', '10.9.3.1');
    for (const storyId of ids.slice(0, SEEN_BY_READER)) {
      const voted = await fetch(`${base}/api/stories/${storyId}/vote`, {
        method: 'POST',
        headers: { cookie: reader.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ vote: 'she' }),
      });
      if (!voted.ok) throw new Error(`reader vote: ${voted.status} ${await voted.text()}`);
    }
    await measure(`GET /api/stories/random (${SEEN_BY_READER} seen)`, 0.6, '/api/stories/random', {
      next: () => ({ path: '/api/stories/random', headers: { cookie: reader.cookie } }),
    });
    await measure('GET /api/stories (feed)', 0.7, '/api/stories');
    await measure('POST /api/stories/{id}/vote', 0.3, `/api/stories/${sample}/vote`, {
      method: 'POST',
      next: votesBy(voters, 'bench'),
    });
    // Fresh voters for each further row, so that no (user, story) pair is voted twice.
    const registerVoters = async (prefix: string, net: number) => {
      const made: Array<{ id: string; cookie: string }> = [];
      for (let i = 0; i < VOTERS; i++)
        made.push(await register(`${prefix}${i}@example.com`, `10.9.${net}.${i}`));
      return made;
    };
    await measure('POST vote, spread over stories', 0.25, `/api/stories/${sample}/vote`, {
      method: 'POST',
      next: votesBy(await registerVoters('spread-voter', 4), 'spread'),
    });
    // Voters who have each voted on 1,000 stories already: a vote must not cost more for them.
    const seasoned = await registerVoters('seasoned-voter', 5);
    const castBefore = votesBy(seasoned, 'bench');
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let n = 0; n < (SEEN_BY_VOTER * VOTERS) / CONNECTIONS; n++) {
          const { path: votePath, headers, body } = castBefore();
          const res = await fetch(`${base}${votePath}`, { method: 'POST', headers, body });
          if (!res.ok) throw new Error(`seasoned vote: ${res.status} ${await res.text()}`);
        }
      }),
    );
    await measure(`POST vote, ${SEEN_BY_VOTER} stories seen`, 0.3, `/api/stories/${sample}/vote`, {
      method: 'POST',
      next: votesBy(seasoned, 'bench', SEEN_BY_VOTER),
    });

    console.log(
      `\n${STORIES} approved stories, ${CONNECTIONS} connections, ${WARMUP} s warm-up per side, then ${ROUNDS} alternating rounds of ${DURATION} s (median round shown), Node ${process.version}`,
    );
    console.log(
      'endpoint                            | bare req/s | real req/s | ratio | target | p50 ms | p99 ms | non-2xx | CPU µs/req bare | CPU µs/req real',
    );
    console.log(
      '------------------------------------|-----------:|-----------:|------:|-------:|-------:|-------:|--------:|----------------:|----------------:',
    );
    for (const row of rows) {
      const failed = row.realRuns.reduce((sum, round) => sum + round.non2xx + round.errors, 0);
      const ratio = row.real.requestsPerSecond / row.bare.requestsPerSecond;
      const verdict = ratio >= row.target && failed === 0 ? 'ok' : 'MISSED';
      console.log(
        `${row.name.padEnd(36)}| ${row.bare.requestsPerSecond.toFixed(0).padStart(10)} | ${row.real.requestsPerSecond.toFixed(0).padStart(10)} | ${(ratio * 100).toFixed(0).padStart(4)}% | ${(row.target * 100).toFixed(0).padStart(5)}% | ${String(row.real.p50).padStart(6)} | ${String(row.real.p99).padStart(6)} | ${String(failed).padStart(7)} | ${row.bareCpuMicros.toFixed(0).padStart(15)} | ${row.realCpuMicros.toFixed(0).padStart(15)}  ${verdict}`,
      );
    }

    printLive(await measureLive(base, liveStory, liveVoters, LIVE_CONNECTIONS));
  } finally {
    if (bare) await stop(bare);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
