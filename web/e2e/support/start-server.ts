/**
 * Starts the real server (`node --import tsx services/api/src/app/main.ts` from the repository root)
 * on a free port with a fresh temporary DATA_DIR, waits until it answers, and returns how to
 * reach and stop it. Used by the global setup (SEED_DEMO=0), by the screenshot spec, which
 * starts its own demo-seeded server, and by own-server.ts for the core loops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Every account registered with this e-mail is an admin (ADMIN_EMAILS). */
export const ADMIN_EMAIL = 'admin@e2e.test';

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `The API server exited (code ${child.exitCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The API server did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      done();
      return;
    }
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

export async function startServer({ seedDemo = false } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'whosright-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;

  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/app/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: seedDemo ? '1' : '0',
      ADMIN_EMAILS: ADMIN_EMAIL,
      // Each test is its own client address (X-Forwarded-For from loopback, see fixtures.ts).
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'test',
      ANALYTICS_ID: '',
      ADS_CLIENT: '',
      OIDC_ISSUER: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  // A server that dies mid-run fails every later journey with ECONNREFUSED: say why, once.
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `The API server exited (${code ?? signal}) during the journeys:\n${log}\n`,
      );
  });

  const stop = async () => {
    stopping = true;
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // /api/ready waits for the demo seed too; /api/health only for the process.
    const probe = seedDemo ? '/api/ready' : '/api/health';
    await waitFor(`${baseURL}${probe}`, child, () => log, seedDemo ? 120_000 : 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}
