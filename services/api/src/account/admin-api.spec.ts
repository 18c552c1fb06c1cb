import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminSummarySchema, currentUserSchema } from '@whosright/contracts/account/dto';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { pageSchema } from '@whosright/contracts/shared/page';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let boss: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
const head = () => server.running.application.stores.eventStore.headPosition();
const usersPage = (res: { body: unknown }) => pageSchema(currentUserSchema).parse(res.body);
const userOf = (res: { body: unknown }) => currentUserSchema.parse(res.body);
const messageOf = (res: { body: unknown }) => errorBodySchema.parse(res.body).message;

/** A second admin, promoted by the listed one. */
async function promotedAdmin() {
  const someone = await signUp(server);
  await boss.agent.patch(`/api/admin/users/${someone.id}/promote`).expect(200);
  return someone;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@admin-api.example.com' });
  boss = await signUp(server, { email: 'boss@admin-api.example.com' });
  admin = await promotedAdmin();
});
afterAll(async () => {
  await server.stop();
});

describe('admin user list', () => {
  it('when a visitor or a member asks it answers 401 or 403', async () => {
    const member = await signUp(server);
    for (const path of ['/api/admin/users', '/api/admin/summary']) {
      expect((await server.agent().get(path)).status, path).toBe(401);
      expect((await member.agent.get(path)).status, path).toBe(403);
    }
  });

  it('when an admin lists users it shows them newest first with cursor pages', async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    const page1 = usersPage(await admin.agent.get('/api/admin/users?limit=2'));
    expect(page1.items.map((u) => u.id)).toEqual([second.id, first.id]);
    expect(page1.items[0]).toMatchObject({ email: second.email, role: 'user', status: 'active' });
    const page2 = usersPage(
      await admin.agent.get(
        `/api/admin/users?limit=2&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`,
      ),
    );
    expect(page2.items.map((u) => u.id)).not.toContain(second.id);
  });

  it('when an admin searches it matches a prefix of the e-mail, username or name in any case', async () => {
    const zed = await signUp(server, { email: 'zed.quark@example.com', firstName: 'Xavier' });
    await zed.agent.patch('/api/users/profile').send({ username: 'Yodel_Z' }).expect(200);
    for (const q of ['ZED.Q', 'yodel', 'xAvI']) {
      const found = usersPage(await admin.agent.get(`/api/admin/users?q=${q}`));
      expect(
        found.items.map((u) => u.id),
        q,
      ).toEqual([zed.id]);
    }
    expect(usersPage(await admin.agent.get('/api/admin/users?q=nobody-like-this')).items).toEqual(
      [],
    );
  });

  it('when an admin lists one role it keeps only that role, with or without a search', async () => {
    const member = await signUp(server, { email: 'rolecheck.member@example.com' });
    const promoted = await signUp(server, { email: 'rolecheck.admin@example.com' });
    await admin.agent.patch(`/api/admin/users/${promoted.id}/promote`).expect(200);
    const admins = usersPage(await admin.agent.get('/api/admin/users?role=admin&limit=50'));
    expect(admins.items.every((u) => u.role === 'admin')).toBe(true);
    expect(admins.items.map((u) => u.id)).toContain(promoted.id);
    expect(admins.items.map((u) => u.id)).not.toContain(member.id);
    const searched = usersPage(await admin.agent.get('/api/admin/users?q=rolecheck&role=user'));
    expect(searched.items.map((u) => u.id)).toEqual([member.id]);
  });

  it('when an admin lists one status it keeps only the banned or the active, with or without a search', async () => {
    const active = await signUp(server, { email: 'statuscheck.active@example.com' });
    const banned = await signUp(server, { email: 'statuscheck.banned@example.com' });
    await admin.agent
      .patch(`/api/admin/users/${banned.id}/ban`)
      .send({ reason: 'Spam links' })
      .expect(200);
    const bannedPage = usersPage(await admin.agent.get('/api/admin/users?status=banned&limit=50'));
    expect(bannedPage.items.every((u) => u.status === 'banned')).toBe(true);
    expect(bannedPage.items.find((u) => u.id === banned.id)?.ban).toMatchObject({
      reason: 'Spam links',
    });
    expect(bannedPage.items.map((u) => u.id)).not.toContain(active.id);
    const members = usersPage(
      await admin.agent.get('/api/admin/users?role=user&status=active&limit=50'),
    );
    expect(members.items.every((u) => u.role === 'user' && u.status === 'active')).toBe(true);
    expect(members.items.map((u) => u.id)).toContain(active.id);
    const searched = usersPage(
      await admin.agent.get('/api/admin/users?q=statuscheck&status=active'),
    );
    expect(searched.items.map((u) => u.id)).toEqual([active.id]);
  });

  it('when a member asks for the banned list it answers 403 and lists no one', async () => {
    const member = await signUp(server);
    const res = await member.agent.get('/api/admin/users?status=banned');
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('items');
  });

  it.each([
    ['a limit of zero', '?limit=0'],
    ['a broken cursor', '?cursor=%%%'],
    ['an unknown parameter', '?sort=name'],
    ['an unknown role', '?role=owner'],
    ['an unknown status', '?status=suspended'],
    ['a status given twice', '?status=banned&status=active'],
    ['a search of 101 characters', `?q=${'a'.repeat(101)}`],
  ])('when the list is asked with %s it answers 400', async (_case, query) => {
    const res = await admin.agent.get(`/api/admin/users${query}`);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).code).toBe('validation_failed');
  });
});

describe('admin summary', () => {
  it('when an admin opens the panel it counts pending stories, users, flagged comments and poor stories', async () => {
    const before = adminSummarySchema.parse((await admin.agent.get('/api/admin/summary')).body);
    const member = await signUp(server);
    await member.agent
      .post('/api/stories')
      .send({ content: 'He hums while he reads. Who is right?', category: 'lifestyle' })
      .expect(201);
    const after = adminSummarySchema.parse((await admin.agent.get('/api/admin/summary')).body);
    expect(after).toEqual({
      ...before,
      pendingStories: before.pendingStories + 1,
      totalUsers: before.totalUsers + 1,
    });
  });
});

describe('admin user actions', () => {
  it('when an admin bans a member with a reason their session ends, and unban restores them; repeating is a no-op', async () => {
    const member = await signUp(server);
    const res = await admin.agent
      .patch(`/api/admin/users/${member.id}/ban`)
      .send({ reason: 'Spam links' });
    expect(res.status).toBe(200);
    expect(userOf(res)).toMatchObject({ id: member.id, status: 'banned' });
    expect((await member.agent.get('/api/auth/user')).status).toBe(401);
    const before = await head();
    const again = await admin.agent.patch(`/api/admin/users/${member.id}/ban`);
    expect(again.status).toBe(200);
    expect(userOf(again).status).toBe('banned');
    expect(await head()).toBe(before);
    const unbanned = await admin.agent.patch(`/api/admin/users/${member.id}/unban`).send({});
    expect(userOf(unbanned).status).toBe('active');
    expect(userOf(unbanned).ban).toBeUndefined();
  });

  it('when a banned member signs in the current user says when and why they were banned', async () => {
    const member = await signUp(server);
    const banned = await admin.agent
      .patch(`/api/admin/users/${member.id}/ban`)
      .send({ reason: 'Insults in the comments' });
    expect(userOf(banned).ban?.reason).toBe('Insults in the comments');
    expect(Date.parse(userOf(banned).ban?.at ?? '')).not.toBeNaN();
    const browser = server.agent();
    await browser
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    const me = userOf(await browser.get('/api/auth/user'));
    expect(me).toMatchObject({ status: 'banned', ban: { reason: 'Insults in the comments' } });
    expect(Number.isNaN(Date.parse(me.ban?.at ?? ''))).toBe(false);
  });

  it('when a banned member signs in again they can read but every write is 403', async () => {
    const member = await signUp(server);
    await admin.agent.patch(`/api/admin/users/${member.id}/ban`).expect(200);
    const browser = server.agent();
    await browser
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    expect((await browser.get('/api/users/stats')).status).toBe(200);
    expect(
      (
        await browser
          .post('/api/stories')
          .send({ content: 'Let me post anyway.', category: 'other' })
      ).status,
    ).toBe(403);
  });

  it('when an admin promotes and demotes a member the role follows', async () => {
    const member = await signUp(server);
    const up = await admin.agent.patch(`/api/admin/users/${member.id}/promote`);
    expect(userOf(up).role).toBe('admin');
    const down = await admin.agent
      .patch(`/api/admin/users/${member.id}/demote`)
      .send({ reason: 'Trial over' });
    expect(userOf(down).role).toBe('user');
  });

  it('when a rule forbids the action it answers 409 saying why and appends nothing', async () => {
    const other = await promotedAdmin();
    const before = await head();
    const cases: Array<[string, RegExp]> = [
      [`/api/admin/users/${admin.id}/ban`, /cannot ban yourself/],
      [`/api/admin/users/${admin.id}/demote`, /cannot demote yourself/],
      [`/api/admin/users/${other.id}/ban`, /demote them before banning/],
      [`/api/admin/users/${boss.id}/demote`, /ADMIN_EMAILS/],
    ];
    for (const [path, message] of cases) {
      const res = await admin.agent.patch(path);
      expect(res.status, path).toBe(409);
      expect(messageOf(res), path).toMatch(message);
    }
    expect(await head()).toBe(before);
  });

  it('when the last admin would be demoted it is refused', async () => {
    const lonely = await startTestServer();
    try {
      const first = await signUp(lonely);
      const second = await signUp(lonely);
      const accounts = lonely.running.application.accounts;
      const system = { correlationId: 'test' };
      await accounts.rolesAndBans.change(first.id, 'promote', system);
      await expect(accounts.rolesAndBans.change(first.id, 'demote', system)).rejects.toMatchObject({
        status: 409,
        message: expect.stringMatching(/last admin/) as unknown,
      });
      await accounts.rolesAndBans.change(second.id, 'promote', system);
      await accounts.rolesAndBans.change(first.id, 'demote', system);
      expect(await accounts.currentUser(first.id)).toMatchObject({ role: 'user' });
    } finally {
      await lonely.stop();
    }
  });

  it.each([
    ['an unknown id', () => 'user_01JZZZZZZZZZZZZZZZZZZZZZZZ', {}, 404],
    ['a malformed id', () => 'not-a-user', {}, 400],
    ['a 501-character reason', (id: string) => id, { reason: 'x'.repeat(501) }, 400],
    ['an extra key', (id: string) => id, { reason: 'ok', role: 'admin' }, 400],
    ['a reason that is not text', (id: string) => id, { reason: 42 }, 400],
  ])(
    'when the call has %s it answers 4xx and appends nothing',
    async (_case, target, body, status) => {
      const member = await signUp(server);
      const before = await head();
      for (const action of ['ban', 'unban', 'promote', 'demote']) {
        const res = await admin.agent
          .patch(`/api/admin/users/${target(member.id)}/${action}`)
          .send(body);
        expect(res.status, action).toBe(status);
      }
      expect(await head()).toBe(before);
    },
  );

  it('when a member tries an admin action it answers 403; a visitor 401', async () => {
    const member = await signUp(server);
    const before = await head();
    expect((await member.agent.patch(`/api/admin/users/${member.id}/promote`)).status).toBe(403);
    expect((await server.agent().patch(`/api/admin/users/${member.id}/promote`)).status).toBe(401);
    expect(await head()).toBe(before);
  });
});

describe('admin user search keys', () => {
  it('when the search finds a user by several fields it lists them once', async () => {
    const ann = await signUp(server, { email: 'annika@example.com', firstName: 'Annika' });
    const found = usersPage(await admin.agent.get('/api/admin/users?q=annika'));
    expect(found.items.filter((u) => u.id === ann.id)).toHaveLength(1);
    expect(z.string().nullable().parse(found.nextCursor)).toBeNull();
  });
});
