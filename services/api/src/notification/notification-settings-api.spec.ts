import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationsPageSchema,
  type NotificationsPage,
} from '@whosright/contracts/notification/dto';
import {
  DEFAULT_KEPT_SETTINGS,
  notificationSettingsSchema,
  toNotificationSettings,
  type NotificationSettings,
} from '@whosright/contracts/notification/settings';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;

const head = () => server.running.application.stores.eventStore.headPosition();
const URL = '/api/users/notification-settings';

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'settings-admin@example.com' });
  admin = await signUp(server, { email: 'settings-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

async function settingsOf(member: Member): Promise<NotificationSettings> {
  return parseBody(await member.agent.get(URL).expect(200), notificationSettingsSchema);
}

const patch = (member: Member, body: unknown) => member.agent.patch(URL).send(body as object);

async function notificationsOf(member: Member): Promise<NotificationsPage> {
  const res = await member.agent.get('/api/notifications').expect(200);
  return parseBody(res, notificationsPageSchema);
}

const everyKind = toNotificationSettings(DEFAULT_KEPT_SETTINGS).kinds;

describe('GET /api/users/notification-settings', () => {
  it('starts with the digest off and every kind on, and answers 401 to a visitor', async () => {
    const member = await signUp(server);
    expect(await settingsOf(member)).toEqual({ digest: false, kinds: everyKind });
    expect((await server.agent().get(URL)).status).toBe(401);
  });
});

describe('PATCH /api/users/notification-settings', () => {
  it('changes only what it names, answers the settings, and a repeat appends nothing', async () => {
    const member = await signUp(server);
    const turned = await patch(member, { digest: true, kinds: { votes: false } }).expect(200);
    const expected = { digest: true, kinds: { ...everyKind, votes: false } };
    expect(parseBody(turned, notificationSettingsSchema)).toEqual(expected);
    await patch(member, { kinds: { flip: false } }).expect(200);
    expect(await settingsOf(member)).toEqual({
      digest: true,
      kinds: { ...everyKind, votes: false, flip: false },
    });

    const before = await head();
    await patch(member, { digest: true, kinds: { votes: false } }).expect(200);
    expect(await head()).toBe(before);
  });

  it('leaves the kinds turned off out of the list and the unread count', async () => {
    const author = await signUp(server);
    await approvedStory(author, admin);
    const all = await notificationsOf(author);
    expect(all.items.map((item) => item.kind)).toContain('approved');
    const unreadBefore = all.unread;

    await patch(author, { kinds: { approved: false } }).expect(200);
    const filtered = await notificationsOf(author);
    expect(filtered.items.map((item) => item.kind)).not.toContain('approved');
    expect(filtered.unread).toBe(unreadBefore - 1);

    await patch(author, { kinds: { approved: true } }).expect(200);
    expect((await notificationsOf(author)).unread).toBe(unreadBefore);
  });

  it('lets a banned member choose too, and answers 401 to a visitor', async () => {
    const member = await signUp(server);
    await admin.agent.patch(`/api/admin/users/${member.id}/ban`).expect(200);
    await member.agent
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    await patch(member, { digest: true }).expect(200);
    expect((await settingsOf(member)).digest).toBe(true);

    const before = await head();
    expect((await server.agent().patch(URL).send({ digest: true })).status).toBe(401);
    expect(await head()).toBe(before);
  });

  it.each([
    [{}],
    [{ digest: 'yes' }],
    [{ digest: null }],
    [{ digest: true, extra: 1 }],
    [{ kinds: {} }],
    [{ kinds: { approved: 'no' } }],
    [{ kinds: { nonsense: false } }],
    [{ kinds: [] }],
    [{ kinds: null }],
    [[]],
  ])('answers 400 to %j and appends nothing', async (body) => {
    const member = await signUp(server);
    const before = await head();
    const res = await patch(member, body).expect(400);
    expect(JSON.stringify(res.body)).not.toContain(' at ');
    expect(await head()).toBe(before);
  });
});
