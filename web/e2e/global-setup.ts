/**
 * Starts the real server for the journeys: `node --import tsx services/api/src/main.ts` from the
 * repository root, on a free port, with a fresh temporary DATA_DIR and SEED_DEMO=0. Waits for
 * GET /api/health, exports E2E_BASE_URL, and returns the teardown (stop server, delete data).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `The API server exited (code ${child.exitCode}) before it was healthy:\n${output()}`,
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
  throw new Error(`The API server did not answer ${url} within 60 s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
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

export default async function globalSetup() {
  if (!existsSync(chromiumPath)) {
    const message =
      `Chromium not found at ${chromiumPath}. Install the Debian package (apt-get install chromium) ` +
      'or point CHROMIUM_PATH at a Chromium binary; the journeys never download browsers.';
    // Locally this is the only useful outcome too: there is nothing to run the journeys in.
    throw new Error(process.env.CI ? `[CI] ${message}` : message);
  }
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'whosright-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;

  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      ANALYTICS_ID: '',
      ADS_CLIENT: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  try {
    await waitForHealth(`${baseURL}/api/health`, child, () => log);
  } catch (error) {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;

  return async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
