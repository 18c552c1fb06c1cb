import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#api/app/test-server';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./admin.ts', import.meta.url));

describe('the admin CLI', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  const admin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
    });

  it('when an admin bans a user while the server runs, the server ends their session within a second', async () => {
    const agent = server.agent();
    await agent
      .post('/api/auth/register')
      .send({ email: 'cli-user@example.com', password: 'a good password', firstName: 'Cli' })
      .expect(201);
    const { stdout } = await admin('ban', 'cli-user@example.com');
    expect(stdout).toContain('cli-user@example.com is banned');
    await expect
      .poll(async () => (await agent.get('/api/auth/user')).status, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(401);

    await admin('promote', 'cli-user@example.com');
    const list = await admin('list');
    expect(list.stdout).toMatch(/cli-user@example\.com\s+\S+\s+banned/);
  });

  it('when the command is unknown it refuses with exit 2; an unknown account fails with exit 1', async () => {
    await expect(admin('frobnicate', 'x@example.com')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run admin') as unknown,
    });
    await expect(admin('ban', 'nobody@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the e-mail nobody@example.com') as unknown,
    });
  });

  it('when DATA_DIR is a file or under /proc it refuses with one line and exit 2, opening nothing', async () => {
    const file = `${server.dataDir}/whosright.sqlite`;
    for (const [dataDir, message] of [
      [file, 'DATA_DIR must be a directory, not a file'],
      ['/proc/whosright', 'DATA_DIR must be a directory on a disk, not under /proc'],
    ] as const) {
      const refused = run(process.execPath, ['--import', 'tsx', cli, 'list'], {
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        timeout: 20_000,
      });
      await expect(refused).rejects.toMatchObject({
        code: 2,
        stderr: `Invalid configuration: ${message} (got "${dataDir}")\n`,
      });
    }
  });
});
