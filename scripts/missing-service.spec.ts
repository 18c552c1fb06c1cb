import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const config = fileURLToPath(new URL('fixtures/missing-service/vitest.config.ts', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** Runs the fixture suite, which needs redis-server, in a Vitest of its own under `env`. */
function runFixture(env: Record<string, string>) {
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    [vitest, 'run', '--config', config, '--reporter', 'verbose'],
    { env: { ...process.env, CI: '', ...env }, encoding: 'utf8', timeout: 60_000 },
  );
  return { status, output: `${stdout}\n${stderr}` };
}

const installLine =
  '[skipped] a suite that needs redis-server: redis-server is not installed (apt-get install redis-server)';

describe('a suite whose local service is missing (a newcomer without redis-server)', () => {
  it('when redis-server is missing it skips the suite with one line saying how to install it', () => {
    const { status, output } = runFixture({ REDIS_SERVER_BIN: '/nonexistent/redis-server' });
    expect(output).toContain(installLine);
    expect(output).toMatch(/1 skipped/);
    expect(status).toBe(0);
  });

  it('when redis-server is missing under CI=true it fails the run', () => {
    const { status, output } = runFixture({
      REDIS_SERVER_BIN: '/nonexistent/redis-server',
      CI: 'true',
    });
    expect(output).toContain(`${installLine}; CI must install it`);
    expect(status).toBe(1);
  });
});
