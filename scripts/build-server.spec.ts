import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '@whosright/testing/free-port';
import { buildServer } from './build-server';

describe('npm run build:server', () => {
  it('when built, the compiled server runs on plain node, answers /api/ready and exits 0 on SIGTERM', async () => {
    const bundle = await buildServer();
    const code = readFileSync(bundle, 'utf8');
    expect(code).not.toMatch(/from ["']tsx/);
    expect(code).not.toMatch(/from ["']@whosright\//);

    const dataDir = mkdtempSync(join(tmpdir(), 'wr-compiled-'));
    const port = await freePort();
    const child = spawn(process.execPath, [bundle, 'all'], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        SESSION_SECRET: 'compiled-server-session-secret-long-enough',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const ready = await vi.waitFor(
        async () => {
          const answer = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
          // A server that exited answers nothing more: stop waiting and show why.
          if (!answer?.ok && child.exitCode === null) throw new Error('not ready yet');
          return answer;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(ready?.status, output).toBe(200);
      expect(await ready!.json()).toEqual({ status: 'ready', reasons: [] });
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(output).toContain('"msg":"stopped"');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
