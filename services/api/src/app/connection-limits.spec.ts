import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@whosright/testing/free-port';
import { startRole, type RoleProcess } from '#api/testing/role-process';

/**
 * Connections held open must not lock other visitors out: the real server, in its own process
 * under a small open-file limit, while clients on other loopback addresses hold keep-alive
 * connections (127.0.0.0/8 is all loopback, so each address is another client).
 */
const DESCRIPTOR_LIMIT = 256;
const METRICS_TOKEN = 'connection-limits-metrics-token';

let server: RoleProcess;
let dataDir: string;
const held: Socket[] = [];

/**
 * One keep-alive request from `localAddress`, then the connection stays open and idle. Resolves
 * with the status line's code, or 0 when the server closed the connection without one.
 */
function holdConnection(localAddress: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    held.push(socket);
    let answer = '';
    const done = (status: number) => {
      clearTimeout(timer);
      resolve(status);
    };
    const timer = setTimeout(() => done(0), 5_000);
    socket.on('connect', () =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'),
    );
    socket.on('data', (chunk) => {
      answer += String(chunk);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) done(Number(status[1]));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => done(0));
  });
}

/** `count` connections from each address, a batch at a time (bounded). */
async function holdMany(addresses: string[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (const address of addresses)
    for (let opened = 0; opened < count; opened += 50) {
      const batch = Array.from({ length: Math.min(50, count - opened) }, () =>
        holdConnection(address),
      );
      statuses.push(...(await Promise.all(batch)));
    }
  return statuses;
}

/** What an ordinary visitor on 127.0.0.1 gets while the others hold their connections. */
async function visitor(path: string, init: RequestInit = {}): Promise<number> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    signal: AbortSignal.timeout(5_000),
  }).catch(() => undefined);
  await res?.arrayBuffer();
  return res?.status ?? 0;
}

let signUps = 0;
async function ordinaryVisitsAnswer(): Promise<void> {
  expect(await visitor('/api/health')).toBe(200);
  expect(await visitor('/api/stories?sort=newest')).toBe(200);
  signUps += 1;
  const status = await visitor('/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      email: `held-${signUps}-${process.pid}@example.com`,
      password: 'a good password',
      firstName: 'Held',
    }),
  });
  expect(status).toBe(201);
}

async function metrics(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return res.text();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wr-connections-'));
  const port = await freePort();
  server = await startRole(
    'all',
    port,
    {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'connection-limits-session-secret-long-enough',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      METRICS_TOKEN,
      // The socket's address is the client's: no proxy in front.
      TRUST_PROXY: '',
      REDIS_URL: '',
      METRICS_PORT: '',
    },
    { descriptorLimit: DESCRIPTOR_LIMIT },
  );
}, 90_000);

afterEach(() => {
  for (const socket of held.splice(0)) socket.destroy();
});

afterAll(async () => {
  server?.signal('SIGTERM');
  await server?.exited;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`the server under a ${DESCRIPTOR_LIMIT} open-file limit`, () => {
  it('when one address holds more idle keep-alive connections than the process has descriptors it keeps answering everyone else, and counts and logs the refusals', async () => {
    const statuses = await holdMany(['127.0.0.2'], DESCRIPTOR_LIMIT + 64);
    await ordinaryVisitsAnswer();
    // A few were served; the rest were answered 429 and closed.
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(64);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(DESCRIPTOR_LIMIT - 64);
    expect(await metrics()).toMatch(
      /whosright_connections_refused_total\{reason="address",role="all"\} [1-9]\d*/,
    );
    // Rate-limited log lines: a handful, never one per refused socket.
    const lines = server.output().match(/connections refused/g) ?? [];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(5);
  }, 60_000);

  it('when many addresses each hold their share together they cannot lock the others out either', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `127.0.1.${i + 1}`);
    await holdMany(addresses, 8);
    await ordinaryVisitsAnswer();
  }, 60_000);
});
