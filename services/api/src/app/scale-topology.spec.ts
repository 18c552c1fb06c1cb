import { get as httpGet } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { readModels } from '@whosright/projections/read-models';
import { readModelHash } from '@whosright/projections/runner/content-hash';
import { createProjectionRunner } from '@whosright/projections/runner/projection-runner';
import type { ReadStore } from '@whosright/projections/store/port';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { freePort } from '@whosright/testing/free-port';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { runTsChild } from '@whosright/testing/ts-child';
import { parseEml } from '#api/platform/mail/parse-eml';
import { startSmtpTestServer } from '#api/platform/mail/smtp-test-server';
import { startRole, type RoleProcess } from '#api/testing/role-process';
import { openLive } from '#api/testing/live-client';
import { SQLITE_FILE } from './stores';

/**
 * Scale mode run for real, without Docker: a real redis-server, one SQLite file (WAL lets
 * several processes share it), two `api` processes, two `projector` processes and a `worker`,
 * each its own Node process started as production starts it.
 */
const PASSWORD = 'a good password';
const ADMIN = 'scale-admin@example.com';
const METRICS_TOKEN = 'scale-metrics-token-0123456789';

let redis: RedisServer;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let dataDir: string;
let env: Record<string, string>;
const processes: RoleProcess[] = [];
let apiA: RoleProcess;
let apiB: RoleProcess;
let projector1: RoleProcess;
let projector2: RoleProcess;
let worker: RoleProcess;

async function start(role: RoleProcess['role']): Promise<RoleProcess> {
  const started = await startRole(role, await freePort(), env);
  processes.push(started);
  return started;
}

let clients = 0;
/** One browser with its own address and cookies; each call names the instance it goes to. */
function browser() {
  const ip = `10.20.${(clients >> 8) & 255}.${++clients & 255}`;
  let cookie = '';
  return async (to: RoleProcess, method: string, path: string, body?: unknown) => {
    if (path === '/logout')
      return { status: await signOut(`${to.url}/api/logout`, ip, cookie), body: {} };
    const res = await fetch(`${to.url}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
        // Signing out is a navigation from the site's own page, as the Logout button makes it.
        ...(path === '/logout'
          ? {
              'sec-fetch-site': 'same-origin',
              'sec-fetch-mode': 'navigate',
              'sec-fetch-dest': 'document',
            }
          : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('wr_session='));
    if (session) cookie = session.split(';')[0]!;
    const json = res.headers.get('content-type')?.includes('application/json');
    return {
      status: res.status,
      body: (json ? await res.json() : {}) as Record<string, unknown>,
    };
  };
}
type Browser = ReturnType<typeof browser>;

/**
 * Signing out is a navigation from the site's own page, as the Logout button makes it. fetch()
 * may not send Sec-Fetch-* headers (the browser owns them), so this one goes through node:http.
 */
function signOut(url: string, ip: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(
      url,
      {
        headers: {
          'x-forwarded-for': ip,
          cookie,
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'navigate',
          'sec-fetch-dest': 'document',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
  });
}

async function member(email: string, via: RoleProcess): Promise<Browser> {
  const as = browser();
  const res = await as(via, 'POST', '/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'S',
  });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status}`);
  return as;
}

/** The newest mail the SMTP server received for `to` with a link containing `part`. */
async function linkMailedTo(to: string, part: string, timeoutMs = 15_000): Promise<URL> {
  return vi.waitFor(
    () => {
      for (const mail of [...smtp.received].reverse()) {
        if (!mail.envelopeTo.includes(to)) continue;
        const links = [...(parseEml(mail.raw).text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)];
        const link = links.map((m) => m[0]).find((l) => l.includes(part));
        if (link) return new URL(link);
      }
      throw new Error(`no mail to ${to} with ${part} within ${timeoutMs} ms`);
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

async function metrics(of: RoleProcess): Promise<string> {
  const res = await fetch(`${of.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** Projection name -> 1 where `of` holds its lease, 0 where it stands by. */
async function leasesHeld(of: RoleProcess): Promise<Record<string, number>> {
  const held: Record<string, number> = {};
  for (const [, name, value] of (await metrics(of)).matchAll(
    /^whosright_projection_lease_held\{projection="([^"]+)"[^}]*\} (\d+)$/gm,
  ))
    held[name!] = Number(value);
  return held;
}

const everyProjection = (value: number) =>
  Object.fromEntries(readModels.map((p) => [p.name, value]));

describeWithService(
  redisServer,
  'scale mode: api x2, projector x2 and a worker on one SQLite file',
  () => {
    let admin: Browser;
    let storyId: string;

    beforeAll(async () => {
      redis = await startRedisServer();
      smtp = await startSmtpTestServer();
      dataDir = mkdtempSync(join(tmpdir(), 'wr-scale-'));
      env = {
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        SMTP_URL: smtp.url,
        MAIL_RETRY_MS: '100',
        METRICS_TOKEN,
        NODE_ENV: 'test',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'scale-topology-session-secret-long-enough',
        PUBLIC_URL: 'http://localhost:3000',
        ADMIN_EMAILS: ADMIN,
        TRUST_PROXY: 'loopback',
        WRITE_LIMITS: '0',
        OIDC_ISSUER: '',
      };
      // The first projector wins every lease before the second starts: it stands by.
      projector1 = await start('projector');
      [projector2, worker, apiA, apiB] = await Promise.all([
        start('projector'),
        start('worker'),
        start('api'),
        start('api'),
      ]);
    }, 120_000);

    afterAll(async () => {
      for (const p of processes) p.signal('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
      await smtp?.stop();
      await redis?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('when a member signs up on one API instance their session works on the other', async () => {
      const ann = await member('ann@example.com', apiA);
      expect((await ann(apiB, 'GET', '/auth/user')).body).toMatchObject({
        email: 'ann@example.com',
      });
      expect((await ann(apiB, 'GET', '/logout')).status).toBeLessThan(400);
      expect((await ann(apiA, 'GET', '/auth/user')).status).toBe(401);
    });

    it('when one address fails to sign in 10 times across both instances the 11th answers 429 on either', async () => {
      await member('bea@example.com', apiA);
      const guesser = browser();
      for (let i = 0; i < 10; i++) {
        const res = await guesser(i % 2 ? apiB : apiA, 'POST', '/auth/login', {
          email: 'bea@example.com',
          password: `wrong guess ${i}`,
        });
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      for (const instance of [apiA, apiB]) {
        const res = await guesser(instance, 'POST', '/auth/login', {
          email: 'bea@example.com',
          password: PASSWORD,
        });
        expect(res.status).toBe(429);
      }
    });

    it('when the worker mails the verification link through SMTP the admin verifies on the other instance', async () => {
      admin = await member(ADMIN, apiA);
      const link = await linkMailedTo(ADMIN, 'mode=verify');
      const token = link.searchParams.get('token');
      expect((await admin(apiB, 'POST', '/auth/verify-email', { token })).status).toBe(200);
      expect((await admin(apiA, 'GET', '/auth/user')).body).toMatchObject({ role: 'admin' });
    });

    it('when a member votes on instance A instance B reads the vote at once', async () => {
      const author = await member('author@example.com', apiB);
      const story = await author(apiB, 'POST', '/stories', {
        content: 'Scale story. She says the dishes can wait; he says they cannot. Who is right?',
        category: 'other',
      });
      expect(story.status).toBe(201);
      storyId = String(story.body.id);
      expect(
        (await admin(apiA, 'PATCH', `/admin/stories/${storyId}`, { status: 'approved' })).status,
      ).toBe(200);
      const visitorOnB = browser();
      expect((await visitorOnB(apiB, 'GET', `/stories/${storyId}`)).status).toBe(200);

      const voter = await member('voter@example.com', apiA);
      expect((await voter(apiA, 'POST', `/stories/${storyId}/vote`, { vote: 'he' })).status).toBe(
        200,
      );
      expect((await visitorOnB(apiB, 'GET', `/stories/${storyId}`)).body).toMatchObject({
        heVotes: 1,
        sheVotes: 0,
      });
      expect((await voter(apiB, 'GET', `/stories/${storyId}/vote`)).body).toMatchObject({
        vote: 'he',
      });
    });

    it('when an admin asks instance A for the ranking as it stood, the worker builds it and instance B answers it', async () => {
      const started = await admin(apiA, 'POST', '/admin/replays', {
        until: new Date().toISOString(),
      });
      expect(started.status).toBe(202);
      const id = String(started.body.id);
      const job = await vi.waitFor(
        async () => {
          const polled = (await admin(apiB, 'GET', `/admin/replays/${id}`)).body;
          expect(['done', 'failed']).toContain(polled.status);
          return polled;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(job).toMatchObject({ id, status: 'done', result: { rule: { minViews: 10 } } });
      expect(job.progress).toMatchObject({ etaSeconds: 0 });
    });

    it('when a member votes on instance A, live streams on both instances receive the tally (projector -> Redis)', async () => {
      const author = await member('live-author@example.com', apiA);
      const story = await author(apiA, 'POST', '/stories', {
        content: 'Live scale story. He wants the window open at night. Who is right?',
        category: 'other',
      });
      const id = String(story.body.id);
      expect(
        (await admin(apiB, 'PATCH', `/admin/stories/${id}`, { status: 'approved' })).status,
      ).toBe(200);
      // Left open on purpose: the SIGTERM tests below then also show a drain ends open streams.
      const onA = await openLive(`${apiA.url}/api/stories/${id}/live`, {
        'x-forwarded-for': '10.21.0.1',
      });
      const onB = await openLive(`${apiB.url}/api/stories/${id}/live`, {
        'x-forwarded-for': '10.21.0.2',
      });
      expect([onA.status, onB.status]).toEqual([200, 200]);

      const voter = await member('live-voter@example.com', apiA);
      expect((await voter(apiA, 'POST', `/stories/${id}/vote`, { vote: 'she' })).status).toBe(200);
      for (const stream of [onA, onB])
        expect(
          JSON.parse(await stream.next('tally', (data) => data.includes('"sheVotes":1'))),
        ).toMatchObject({
          id,
          heVotes: 0,
          sheVotes: 1,
        });
    });

    it('when SMTP refuses the reset mail the worker retries, keeps the failed job, and a retry delivers it', async () => {
      const cleo = await member('cleo@example.com', apiA);
      await linkMailedTo('cleo@example.com', 'mode=verify');
      smtp.setFailing(true);
      const refusedBefore = smtp.refused();
      expect(
        (await cleo(apiB, 'POST', '/auth/forgot-password', { email: 'cleo@example.com' })).status,
      ).toBe(200);
      // 6 attempts, 100 ms doubling between them: about 3 s.
      await expect
        .poll(() => metrics(worker), { timeout: 20_000, interval: 200 })
        .toMatch(/^whosright_jobs\{state="failed"[^}]*\} 1$/m);
      expect(smtp.refused() - refusedBefore).toBe(6);

      const cli = (args: string[]) =>
        runTsChild(new URL('../cli/jobs.ts', import.meta.url), args, { env });
      const listed = await cli(['failed']);
      expect(listed).toContain('send-mail');
      expect(listed).toContain('6 attempts');
      expect(listed).not.toContain('token');

      smtp.setFailing(false);
      expect(await cli(['retry', 'all'])).toContain('queued again');
      const link = await linkMailedTo('cleo@example.com', 'mode=reset');
      const reset = await cleo(apiA, 'POST', '/auth/reset-password', {
        token: link.searchParams.get('token'),
        password: 'a brand new password',
      });
      expect(reset.status).toBe(200);
      const again = browser();
      expect(
        (
          await again(apiB, 'POST', '/auth/login', {
            email: 'cleo@example.com',
            password: 'a brand new password',
          })
        ).status,
      ).toBe(200);
      expect(await cli(['failed'])).toContain('No failed jobs.');
    });

    it('when the projector holding the leases is killed the standby takes them over within 10 s', async () => {
      expect(await leasesHeld(projector1)).toEqual(everyProjection(1));
      expect(await leasesHeld(projector2)).toEqual(everyProjection(0));

      projector1.signal('SIGKILL');
      await projector1.exited;
      const killedAt = Date.now();
      await expect
        .poll(() => leasesHeld(projector2), { timeout: 10_000, interval: 100 })
        .toEqual(everyProjection(1));
      expect(Date.now() - killedAt).toBeLessThan(10_000);

      const late = await member('late-voter@example.com', apiB);
      expect((await late(apiB, 'POST', `/stories/${storyId}/vote`, { vote: 'she' })).status).toBe(
        200,
      );
      expect((await browser()(apiA, 'GET', `/stories/${storyId}`)).body).toMatchObject({
        heVotes: 1,
        sheVotes: 1,
      });
      // A new standby joins, as an orchestrator would restart the dead one.
      projector1 = await start('projector');
      expect(await leasesHeld(projector1)).toEqual(everyProjection(0));
    }, 60_000);

    it('when an API instance gets SIGTERM under load it exits 0 and every acknowledged write is in the log and the read models', async () => {
      const writers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => member(`writer${i}@example.com`, i % 2 ? apiA : apiB)),
      );
      const acked: string[] = [];
      let running = true;
      const load = writers.map(async (as, w) => {
        for (let n = 0; running; n++) {
          const content = `Writer ${w}, comment ${n}: both have a point.`;
          const res = await as(n % 2 ? apiA : apiB, 'POST', `/stories/${storyId}/comments`, {
            content,
          }).catch(() => undefined);
          if (res?.status === 201) acked.push(content);
        }
      });
      let ackedBeforeStop = 0;
      let exitCode: number | null;
      try {
        // Under load: every writer has had a comment acknowledged.
        await vi.waitFor(() => expect(acked.length).toBeGreaterThanOrEqual(writers.length), {
          timeout: 20_000,
          interval: 10,
        });
        ackedBeforeStop = acked.length;
        apiA.signal('SIGTERM');
        exitCode = await apiA.exited;
        // Instance B goes on acknowledging writes after A has gone.
        const ackedAtExit = acked.length;
        await vi.waitFor(() => expect(acked.length).toBeGreaterThan(ackedAtExit), {
          timeout: 20_000,
          interval: 10,
        });
      } finally {
        // Whatever happened, the load stops before the next test compares the read models.
        running = false;
        await Promise.all(load);
      }
      expect(exitCode).toBe(0);
      expect(ackedBeforeStop).toBeGreaterThan(0);
      expect(acked.length).toBeGreaterThan(ackedBeforeStop);

      const log = createSqliteEventStore({
        file: join(dataDir, SQLITE_FILE),
        catalog: domainEventCatalog,
      });
      const logged = new Set<string>();
      for await (const event of log.readAll())
        if (event.type === 'CommentPosted') logged.add((event.data as { content: string }).content);
      await log.close();
      expect(acked.filter((content) => !logged.has(content))).toEqual([]);

      const page = await browser()(apiB, 'GET', `/stories/${storyId}/comments?limit=100`);
      expect(page.status).toBe(200);
      const card = await browser()(apiB, 'GET', `/stories/${storyId}`);
      expect(card.body).toMatchObject({ commentCount: logged.size });
    }, 60_000);

    it('when everything is settled the read models the projectors built equal a clean rebuild of the log', async () => {
      const database = openSqliteDatabase(join(dataDir, SQLITE_FILE), { sync: 'normal' });
      const eventStore = createSqliteEventStore({ database, catalog: domainEventCatalog });
      const live = createSqliteReadStore({ database });
      const follower = createProjectionRunner({
        eventStore,
        readStore: live,
        projections: readModels,
      });
      expect(await follower.waitFor(await eventStore.headPosition(), undefined, 20_000)).toBe(true);

      const scratch = mkdtempSync(join(tmpdir(), 'wr-scale-rebuild-'));
      const rebuiltDb = openSqliteDatabase(join(scratch, 'rebuild.sqlite'), { sync: 'normal' });
      const rebuilt = createSqliteReadStore({ database: rebuiltDb });
      const rebuild = createProjectionRunner({
        eventStore,
        readStore: rebuilt,
        projections: readModels,
      });
      rebuild.start();
      const head = await eventStore.headPosition();
      expect(await rebuild.waitFor(head, undefined, 60_000)).toBe(true);
      await rebuild.stop();

      const hashes = async (store: ReadStore) => {
        const byName: Record<string, string> = {};
        for (const { name } of readModels)
          byName[name] = await readModelHash(store, (await store.active(name))!);
        return byName;
      };
      expect(await hashes(live)).toEqual(await hashes(rebuilt));
      await rebuilt.close();
      rebuiltDb.close();
      await eventStore.close();
      database.close();
      rmSync(scratch, { recursive: true, force: true });
    }, 90_000);

    it('when the projectors, the worker and the other API get SIGTERM each stops and exits 0', async () => {
      const rest = [projector1, projector2, worker, apiB];
      for (const p of rest) p.signal('SIGTERM');
      expect(await Promise.all(rest.map((p) => p.exited))).toEqual([0, 0, 0, 0]);
      for (const p of rest) expect(p.output()).not.toContain('shutdown took longer');
    });
  },
);
