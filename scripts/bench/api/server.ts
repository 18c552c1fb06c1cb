import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register, registerMany, type Account } from './accounts';
import { populateApprovedStories } from './populate';
import { freePort, startNode, stop, waitFor } from './processes';
import { API_ENTRY, type Checkout } from './settings';

const VOTERS = 20;

/** One checkout's real API server, on its own port and its own temporary DATA_DIR. */
export interface ApiServer {
  checkout: Checkout;
  base: string;
  child: ChildProcess;
  dataDir: string;
}

/** A server with the bench's content: the approved stories, an admin and the voters. */
export interface PreparedServer extends ApiServer {
  pid: number;
  admin: Account;
  voters: Account[];
  /** The live case's accounts (none when it is skipped). */
  liveVoters: Account[];
}

/** Every server runs with the same environment; only its port and DATA_DIR differ. */
function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
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
  };
}

/** Starts the checkout's own server (its sources, its node_modules) and waits until it is healthy. */
export async function startApiServer(checkout: Checkout): Promise<ApiServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `wr-bench-api-${checkout.name}-`));
  const port = await freePort();
  const child = startNode(
    join(checkout.dir, API_ENTRY),
    [],
    { ...serverEnv(port, dataDir), ...checkout.env },
    checkout.dir,
  );
  return { checkout, base: `http://127.0.0.1:${port}`, child, dataDir };
}

export async function waitUntilHealthy(server: ApiServer): Promise<void> {
  const { child, base, checkout } = server;
  await waitFor(
    async () => child.exitCode !== null || (await fetch(`${base}/api/health`)).ok,
    60_000,
    `the ${checkout.name} server`,
  );
  if (child.exitCode !== null)
    throw new Error(`the ${checkout.name} server exited (${child.exitCode}) before it was healthy`);
}

/**
 * Registers the same accounts on the server, writes the same approved stories into its DATA_DIR
 * through this checkout's command handlers (the log format is shared; a checkout with other read
 * models builds them from it) and waits until its read models have caught up.
 */
export async function prepareServer(
  server: ApiServer,
  storyIds: string[],
  liveVotes: number,
  contentOf?: (i: number) => string,
): Promise<PreparedServer> {
  const { base } = server;
  const admin = await register(base, 'bench-admin@example.com', '10.9.0.1');
  const voters = await registerMany(base, 'voter', 1, VOTERS);
  const started = Date.now();
  await populateApprovedStories(
    { dataDir: server.dataDir, databaseUrl: server.checkout.env?.DATABASE_URL },
    storyIds,
    admin.id,
    admin.id,
    contentOf,
  );
  console.log(
    `wrote ${storyIds.length} approved stories through the command handlers in ${((Date.now() - started) / 1000).toFixed(1)} s (${server.checkout.name})`,
  );
  await waitFor(
    async () => (await fetch(`${base}/api/stories/${storyIds.at(-1)}`)).ok,
    // 100,000 stories (the search case) take a while to project.
    Math.max(120_000, storyIds.length * 5),
    'the read models to catch up',
  );
  await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 120_000, 'readiness');
  // The live case votes with accounts of its own, on a story of its own.
  const liveVoters = await registerMany(base, 'live-voter', 2, liveVotes);
  return { ...server, pid: server.child.pid!, admin, voters, liveVoters };
}

export async function stopApiServer(server: ApiServer): Promise<void> {
  await stop(server.child);
  rmSync(server.dataDir, { recursive: true, force: true });
}
