import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { readModels } from '@whosright/projections/read-models';
import { readModelHash } from '@whosright/projections/runner/content-hash';
import { createProjectionRunner } from '@whosright/projections/runner/projection-runner';
import type { ReadStore } from '@whosright/projections/store/port';
import { freePort } from '@whosright/testing/free-port';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { runTsChild } from '@whosright/testing/ts-child';
import { parseEml } from '#api/platform/mail/parse-eml';
import { startSmtpTestServer } from '#api/platform/mail/smtp-test-server';
import {
  browser,
  member,
  MEMBER_PASSWORD as PASSWORD,
  type Browser,
} from '#api/testing/http-browser';
import { startRole, type RoleProcess } from '#api/testing/role-process';
import { openLive } from '#api/testing/live-client';
import {
  scaleServices,
  startScaleStores,
  type ScaleStoreKind,
  type ScaleStores,
} from '#api/testing/scale-stores';

/**
 * Scale mode run for real, without Docker: a real redis-server, two `api` processes, two
 * `projector` processes and a `worker`, each its own Node process started as production starts
 * it; the log and the read models on one SQLite file (WAL lets several processes share it), and
 * again on a throw-away PostgreSQL cluster (DATABASE_URL).
 */
const ADMIN = 'scale-admin@example.com';
const METRICS_TOKEN = 'scale-metrics-token-0123456789';

const everyProjection = (value: number) =>
  Object.fromEntries(readModels.map((p) => [p.name, value]));

function scaleModeSuite(kind: ScaleStoreKind) {
  let redis: RedisServer;
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let stores: ScaleStores;
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

  let admin: Browser;
  let storyId: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    smtp = await startSmtpTestServer();
    stores = await startScaleStores(kind);
    env = {
      ...stores.env,
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
    await stores?.stop();
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

  it('when an API and the lease-holding projector are killed -9 under votes and comments no acknowledged write is lost or doubled and the survivors take over within 10 s', async () => {
    const author = await member('kill-author@example.com', apiB);
    const storyIds: string[] = [];
    for (let n = 0; n < 6; n++) {
      const story = await author(apiB, 'POST', '/stories', {
        content: `Kill story ${n}. She says the car is hers on Sundays; he disagrees. Who is right?`,
        category: 'other',
      });
      const id = String(story.body.id);
      expect(
        (await admin(apiB, 'PATCH', `/admin/stories/${id}`, { status: 'approved' })).status,
      ).toBe(200);
      storyIds.push(id);
    }
    const writers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const as = await member(`kill-writer${i}@example.com`, i % 2 ? apiA : apiB);
        return { as, id: String((await as(apiB, 'GET', '/auth/user')).body.id) };
      }),
    );
    const ackedVotes: string[] = [];
    const ackedComments: string[] = [];
    let aDead = false;
    let running = true;
    const load = writers.map(async ({ as, id: userId }, w) => {
      for (let n = 0; running; n++) {
        const to = aDead || (w + n) % 2 ? apiB : apiA;
        const storyId = storyIds[n % storyIds.length]!;
        if (n < storyIds.length) {
          const vote = await as(to, 'POST', `/stories/${storyId}/vote`, {
            vote: w % 2 ? 'he' : 'she',
          }).catch(() => undefined);
          if (vote?.status === 200) ackedVotes.push(`${userId} ${storyId}`);
        }
        const content = `Killed writer ${w}, comment ${n}: fair enough.`;
        const comment = await as(to, 'POST', `/stories/${storyId}/comments`, { content }).catch(
          () => undefined,
        );
        if (comment?.status === 201) ackedComments.push(content);
      }
    });
    const holder = (await leasesHeld(projector1)).stories ? projector1 : projector2;
    const standby = holder === projector1 ? projector2 : projector1;
    let takeoverMs = Infinity;
    let ackedAgainMs = Infinity;
    try {
      await vi.waitFor(() => expect(ackedComments.length).toBeGreaterThanOrEqual(writers.length), {
        timeout: 20_000,
        interval: 10,
      });
      apiA.signal('SIGKILL');
      holder.signal('SIGKILL');
      aDead = true;
      await Promise.all([apiA.exited, holder.exited]);
      const killedAt = Date.now();
      const ackedAtKill = ackedComments.length + ackedVotes.length;
      await Promise.all([
        expect
          .poll(() => leasesHeld(standby), { timeout: 10_000, interval: 100 })
          .toEqual(everyProjection(1))
          .then(() => (takeoverMs = Date.now() - killedAt)),
        vi
          .waitFor(
            () => expect(ackedComments.length + ackedVotes.length).toBeGreaterThan(ackedAtKill),
            { timeout: 10_000, interval: 10 },
          )
          .then(() => (ackedAgainMs = Date.now() - killedAt)),
      ]);
      // Every writer has voted on every story (or given up on it) before the load stops.
      await vi.waitFor(
        () => expect(ackedComments.length).toBeGreaterThan(ackedAtKill + writers.length * 6),
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      running = false;
      await Promise.all(load);
    }
    expect(takeoverMs).toBeLessThan(10_000);
    expect(ackedAgainMs).toBeLessThan(10_000);
    expect(ackedVotes.length).toBeGreaterThan(0);

    const log = await stores.open();
    const times = new Map<string, number>();
    const count = (key: string) => times.set(key, (times.get(key) ?? 0) + 1);
    const commentsOn = new Map<string, number>();
    for await (const event of log.eventStore.readAll()) {
      if (event.type === 'CommentPosted') {
        const { content, storyId } = event.data as { content: string; storyId: string };
        count(content);
        commentsOn.set(storyId, (commentsOn.get(storyId) ?? 0) + 1);
      }
      if (event.type === 'StoryVoteCast') {
        const { userId, storyId } = event.data as { userId: string; storyId: string };
        count(`${userId} ${storyId}`);
      }
    }
    await log.close();
    const acked = [...ackedVotes, ...ackedComments];
    expect(acked.filter((write) => !times.has(write))).toEqual([]);
    expect([...times].filter(([, n]) => n > 1)).toEqual([]);

    // The read models count what the log holds, once each.
    const visitor = browser();
    for (const storyId of storyIds) {
      const votes = [...times.keys()].filter((key) => key.endsWith(` ${storyId}`)).length;
      await vi.waitFor(
        async () => {
          const card = (await visitor(apiB, 'GET', `/stories/${storyId}`)).body;
          expect({
            votes: Number(card.heVotes) + Number(card.sheVotes),
            comments: card.commentCount,
          }).toEqual({ votes, comments: commentsOn.get(storyId) ?? 0 });
        },
        { timeout: 20_000, interval: 100 },
      );
    }

    // As an orchestrator would: the dead API and projector start again.
    apiA = await start('api');
    const restarted = await start('projector');
    if (holder === projector1) projector1 = restarted;
    else projector2 = restarted;
  }, 120_000);

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

    const log = await stores.open();
    const logged = new Set<string>();
    for await (const event of log.eventStore.readAll())
      if (event.type === 'CommentPosted') {
        const posted = event.data as { content: string; storyId: string };
        if (posted.storyId === storyId) logged.add(posted.content);
      }
    await log.close();
    expect(acked.filter((content) => !logged.has(content))).toEqual([]);

    const page = await browser()(apiB, 'GET', `/stories/${storyId}/comments?limit=100`);
    expect(page.status).toBe(200);
    const card = await browser()(apiB, 'GET', `/stories/${storyId}`);
    expect(card.body).toMatchObject({ commentCount: logged.size });
  }, 60_000);

  it('when everything is settled the read models the projectors built equal a clean rebuild of the log', async () => {
    const opened = await stores.open();
    const { eventStore, readStore: live } = opened;
    const follower = createProjectionRunner({
      eventStore,
      readStore: live,
      projections: readModels,
    });
    expect(await follower.waitFor(await eventStore.headPosition(), undefined, 20_000)).toBe(true);

    const scratch = await stores.scratch();
    const rebuilt = scratch.readStore;
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
    await scratch.close();
    await opened.close();
  }, 90_000);

  it('when the projectors, the worker and the other API get SIGTERM each stops and exits 0', async () => {
    const rest = [projector1, projector2, worker, apiB];
    for (const p of rest) p.signal('SIGTERM');
    expect(await Promise.all(rest.map((p) => p.exited))).toEqual([0, 0, 0, 0]);
    for (const p of rest) expect(p.output()).not.toContain('shutdown took longer');
  });
}

describeWithService(
  scaleServices('sqlite'),
  'scale mode: api x2, projector x2 and a worker on one SQLite file',
  () => scaleModeSuite('sqlite'),
);

describeWithService(
  scaleServices('postgres'),
  'scale mode: api x2, projector x2 and a worker on PostgreSQL',
  () => scaleModeSuite('postgres'),
);
