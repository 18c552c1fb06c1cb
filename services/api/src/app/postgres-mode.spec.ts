import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { freePort } from '@whosright/testing/free-port';
import {
  postgresServer,
  startPostgresServer,
  type PostgresServer,
} from '@whosright/testing/postgres-server';
import { exited, runTsChild, spawnTsChild } from '@whosright/testing/ts-child';
import { ConfigError, loadConfig } from '#api/platform/config';
import { createLogger } from '#api/platform/logger';
import { browser, member, type Browser } from '#api/testing/http-browser';
import { openLive } from '#api/testing/live-client';
import { startRole, type RoleProcess } from '#api/testing/role-process';
import { openStores } from './stores';

/**
 * One setting, DATABASE_URL, puts the event log and the read models in PostgreSQL: the server
 * process started as production starts it, driven over HTTP only.
 */
const ADMIN = 'pg-admin@example.com';

describeWithService(postgresServer, 'PostgreSQL mode: DATABASE_URL', () => {
  let server: PostgresServer;
  let dataDir: string;
  let env: Record<string, string>;
  let app: RoleProcess;

  beforeAll(async () => {
    server = await startPostgresServer();
    dataDir = mkdtempSync(join(tmpdir(), 'wr-pg-mode-'));
    env = {
      DATABASE_URL: await server.createDatabase('api'),
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'postgres-mode-session-secret-long-enough',
      TRUST_PROXY: 'loopback',
      WRITE_LIMITS: '0',
      PUBLIC_URL: 'http://localhost:3000',
    };
    app = await startRole('all', await freePort(), env);
  }, 120_000);

  afterAll(async () => {
    app?.signal('SIGTERM');
    await app?.exited;
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (name: string, args: string[]) =>
    runTsChild(new URL(`../cli/${name}.ts`, import.meta.url), args, { env });

  it('when members and an admin use the product over HTTP every call answers from PostgreSQL, and the admin, digest and replay CLIs work on it', async () => {
    const admin = await member(ADMIN, app);
    expect(await cli('admin', ['promote', ADMIN])).toContain('is now an admin');
    await vi.waitFor(
      async () =>
        expect((await admin(app, 'GET', '/auth/user')).body).toMatchObject({ role: 'admin' }),
      { timeout: 10_000, interval: 100 },
    );

    const author = await member('pg-author@example.com', app);
    const submitted = await author(app, 'POST', '/stories', {
      content: 'Postgres story. He keeps the heating at 19; she wants 22. Who is right?',
      category: 'other',
    });
    expect(submitted.status).toBe(201);
    const id = String(submitted.body.id);
    const approved = await admin(app, 'PATCH', `/admin/stories/${id}`, { status: 'approved' });
    expect(approved.status).toBe(200);

    const live = await openLive(`${app.url}/api/stories/${id}/live`, {
      'x-forwarded-for': '10.30.0.1',
    });
    expect(live.status).toBe(200);
    const voter: Browser = await member('pg-voter@example.com', app);
    expect((await voter(app, 'POST', `/stories/${id}/vote`, { vote: 'she' })).status).toBe(200);
    const comment = await voter(app, 'POST', `/stories/${id}/comments`, {
      content: 'Twenty-two is a fair ask in winter.',
    });
    expect(comment.status).toBe(201);
    expect(
      JSON.parse(await live.next('tally', (data) => data.includes('"sheVotes":1'))),
    ).toMatchObject({ id, heVotes: 0, sheVotes: 1 });
    live.close();

    const visitor = browser();
    const feed = await visitor(app, 'GET', '/stories?sort=newest');
    expect(feed.body.items).toEqual([expect.objectContaining({ id, sheVotes: 1 })]);
    expect((await visitor(app, 'GET', `/stories/${id}`)).body).toMatchObject({
      heVotes: 0,
      sheVotes: 1,
      commentCount: 1,
    });
    expect((await voter(app, 'GET', `/stories/${id}`)).body).toMatchObject({ myVote: 'she' });
    // Full-text search and the admin's insights, both read models that follow by subscription.
    await vi.waitFor(
      async () => {
        const found = await visitor(app, 'GET', '/stories/search?q=heat%20-cooling');
        expect(found.body.items).toEqual([expect.objectContaining({ id })]);
        expect(JSON.stringify(found.body.items)).toContain('{"text":"heating","match":true}');
        const insights = await admin(app, 'GET', '/admin/insights');
        expect(insights.body.verdicts).toMatchObject({ she: 1 });
      },
      { timeout: 10_000, interval: 100 },
    );
    const comments = await visitor(app, 'GET', `/stories/${id}/comments`);
    expect(comments.body).toEqual([
      expect.objectContaining({ content: 'Twenty-two is a fair ask in winter.', side: 'she' }),
    ]);
    expect(await cli('digest', [])).toMatch(/digests? mailed/);
    const until = new Date().toISOString();
    expect(
      JSON.parse(await cli('replay', ['stories', '--until', until, '--format', 'json'])),
    ).toEqual([]);
    expect(await cli('replay', ['stories', '--format', 'json'])).toContain(
      '"projection": "stories"',
    );
    expect((await visitor(app, 'GET', `/stories/${id}`)).body).toMatchObject({ sheVotes: 1 });
  }, 90_000);

  it('when DATABASE_URL names a server nobody listens on the process exits 1 with one line naming it', async () => {
    const closed = `postgres://app:secret-pw@127.0.0.1:${await freePort()}/whosright`;
    const outcome = await exited(
      spawnTsChild(new URL('./main.ts', import.meta.url), [], {
        env: { ...env, DATABASE_URL: closed, PORT: String(await freePort()) },
      }),
    );
    expect(outcome.code).toBe(1);
    const lines = outcome.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^DATABASE_URL: cannot use PostgreSQL at 127\.0\.0\.1:\d+\/whosright: /,
    );
    expect(outcome.stderr).not.toContain('secret-pw');
  }, 60_000);

  it('when the database sorts strings by language the stores refuse it naming DATABASE_URL', async () => {
    const url = await server.createDatabase('linguistic', { order: 'language' });
    const config = loadConfig({ ...env, DATABASE_URL: url });
    const opening = openStores(config, createLogger({ ...config, logLevel: 'silent' }));
    await expect(opening).rejects.toThrow(ConfigError);
    await expect(opening).rejects.toThrow(/^DATABASE_URL: .*sorts strings by code point[^\n]*$/);
  });
});
