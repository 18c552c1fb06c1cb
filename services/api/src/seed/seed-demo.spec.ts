import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { moderationLogPageSchema } from '@whosright/contracts/moderation/dto';
import { pageSchema } from '@whosright/contracts/shared/page';
import { adminStorySchema, storyFeedSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_FILE } from './demo-admin';
import { DEMO_BAN_REASON, DEMO_PENDING, DEMO_REJECTED } from './demo-moderation';
import { seedDemo } from './seed-demo';
import { DEMO_STORIES } from './demo-content';

async function untilReady(server: TestServer) {
  await vi.waitFor(async () => expect((await fetch(`${server.url}/api/ready`)).status).toBe(200), {
    timeout: 60_000,
    interval: 100,
  });
}

describe('the demo seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Development, as `npm run dev` and a first `npm start` on a laptop: with the demo admin.
    server = await startTestServer({ SEED_DEMO: '1', NODE_ENV: 'development' });
    await untilReady(server);
  }, 120_000);
  afterAll(async () => {
    await server.stop();
  });

  it('when the store is empty it seeds approved stories in all seven categories, with votes and views', async () => {
    const { items } = parseBody(await server.agent().get('/api/stories?limit=50'), storyFeedSchema);
    // Every demo story but the one the demo moderator hid.
    expect(items).toHaveLength(DEMO_STORIES.length - 1);
    expect(new Set(items.map((s) => s.category)).size).toBe(7);
    const votes = items.reduce((sum, s) => sum + s.heVotes + s.sheVotes, 0);
    expect(votes).toBeGreaterThan(200);
    const poor = await server.running.application.queries.stories.poorPerformers({ limit: 50 });
    expect(poor.items.length).toBeGreaterThan(0);
  });

  it('when seeded most stories have comments with votes, and some comments are flagged', async () => {
    const { items } = parseBody(await server.agent().get('/api/stories?limit=50'), storyFeedSchema);
    const withComments = items.filter((s) => s.commentCount > 0);
    expect(withComments.length).toBeGreaterThanOrEqual(
      DEMO_STORIES.filter((s) => s.comments.length > 0).length - 1,
    );
    const flagged = await server.running.application.commentReads.flagged({ limit: 50 });
    expect(flagged.page.items.length).toBeGreaterThan(0);
  });

  it('when seeded the history is real events with increasing timestamps, none in the future', async () => {
    let previous = 0;
    let count = 0;
    for await (const event of server.running.application.stores.eventStore.readAll()) {
      const at = Date.parse(event.metadata.recordedAt);
      expect(at).toBeGreaterThanOrEqual(previous);
      previous = at;
      count++;
    }
    expect(count).toBeGreaterThan(1000);
    expect(previous).toBeLessThanOrEqual(Date.now());
  });

  it('when seeded in development a demo admin can sign in with the password written to DATA_DIR', async () => {
    const file = readFileSync(join(server.dataDir, DEMO_ADMIN_FILE), 'utf8');
    const password = /^password: (.+)$/m.exec(file)?.[1];
    expect(file).toContain(`email: ${DEMO_ADMIN_EMAIL}`);
    const admin = server.agent();
    const res = await admin
      .post('/api/auth/login')
      .send({ email: DEMO_ADMIN_EMAIL, password })
      .expect(200);
    expect(parseBody(res, currentUserSchema).role).toBe('admin');
    expect(server.logs.join('')).toContain(password);
  });

  it('when seeded the admin side has pending, rejected and hidden stories, a banned member and a history', async () => {
    const admin = server.agent();
    const file = readFileSync(join(server.dataDir, DEMO_ADMIN_FILE), 'utf8');
    const password = /^password: (.+)$/m.exec(file)?.[1];
    await admin.post('/api/auth/login').send({ email: DEMO_ADMIN_EMAIL, password }).expect(200);
    const pending = parseBody(await admin.get('/api/admin/stories'), pageSchema(adminStorySchema));
    expect(pending.items.map((s) => s.content)).toEqual(DEMO_PENDING.map((s) => s.content));
    const log = parseBody(
      await admin.get('/api/admin/moderation-log?limit=50'),
      moderationLogPageSchema,
    );
    const actions = log.items.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['story.reject', 'story.hide', 'user.ban']));
    expect(log.items.find((e) => e.action === 'story.reject')?.reason).toBe(DEMO_REJECTED.reason);
    expect(log.items.find((e) => e.action === 'user.ban')?.reason).toBe(DEMO_BAN_REASON);
    const users = parseBody(
      await admin.get('/api/admin/users?limit=50'),
      pageSchema(currentUserSchema),
    );
    expect(users.items.filter((u) => u.status === 'banned')).toHaveLength(1);
  });

  it('when the store already has events it seeds nothing', async () => {
    const { application } = server.running;
    const head = await application.stores.eventStore.headPosition();
    const seeded = await seedDemo(
      {
        bus: application.bus,
        accounts: application.accounts,
        stories: application.stories,
        engagement: application.engagement,
      },
      { info() {} } as never,
    );
    expect(seeded).toBe(false);
    expect(await application.stores.eventStore.headPosition()).toBe(head);
  });
});

describe('SEED_DEMO=0', () => {
  it('when off a new server starts empty', async () => {
    const server = await startTestServer({ SEED_DEMO: '0' });
    try {
      expect(parseBody(await server.agent().get('/api/stories'), storyFeedSchema).items).toEqual(
        [],
      );
      expect(await server.running.application.stores.eventStore.headPosition()).toBe(0n);
    } finally {
      await server.stop();
    }
  });
});
