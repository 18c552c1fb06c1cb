import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettingsSchema } from '@whosright/contracts/notification/settings';
import { readOutbox, waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { parseBody } from '#api/testing/parse-body';
import { signUp, verificationTokenFor } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';
import type { DailyDigest } from './daily-digest';
import { INVALID_UNSUBSCRIBE_LINK } from './unsubscribe';
import { UnsubscribeTokens } from './unsubscribe-token';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
let digest: DailyDigest;

const head = () => server.running.application.stores.eventStore.headPosition();
const SETTINGS = '/api/users/notification-settings';

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'digest-admin@example.com' });
  admin = await signUp(server, { email: 'digest-admin@example.com' });
  const running = server.running.application.dailyDigest;
  if (!running) throw new Error('the embedded server runs the daily digest');
  digest = running;
});
afterAll(async () => {
  await server.stop();
});

/** A member with a verified address, the digest on, and an approved story (one notification). */
async function subscribed(options: { verified?: boolean } = {}) {
  const member = await signUp(server);
  if (options.verified !== false) {
    const token = await verificationTokenFor(server, member.email);
    await member.agent.post('/api/auth/verify-email').send({ token }).expect(200);
  }
  await member.agent.patch(SETTINGS).send({ digest: true }).expect(200);
  const storyId = await approvedStory(member, admin);
  return { ...member, storyId };
}

const digestMailTo = (member: Member) =>
  waitForMailTo(server.dataDir, member.email, { matching: withLink('/unsubscribe?token=') });

async function digestsTo(member: Member) {
  return (await readOutbox(server.dataDir)).filter(
    (mail) => mail.to.includes(member.email) && mail.subject.startsWith("Who's Right: "),
  );
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('the daily digest', () => {
  it('mails the unread notifications once, with the story link and the unsubscribe headers', async () => {
    const member = await subscribed();
    expect(await digest.run()).toBe(1);
    const mail = await digestMailTo(member);
    expect(mail.subject).toBe("Who's Right: 1 new notification");
    expect(mail.text).toContain('Your story was approved and is live.');
    expect(mail.links).toContain(`${server.config.publicUrl}/story/${member.storyId}`);
    expect(mail.html).toContain('Your story was approved');
    const landing = mail.links.find((link) => link.includes('/unsubscribe?token='));
    expect(landing).toBeDefined();
    expect(mail.headers.get('list-unsubscribe')).toBe(
      `<${server.config.publicUrl}/api/notifications/unsubscribe?token=${tokenOf(landing!)}>`,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // A second run the same day, or after a restart, has nothing new to tell.
    const before = await head();
    expect(await digest.run()).toBe(0);
    expect(await head()).toBe(before);
    expect(await digestsTo(member)).toHaveLength(1);
  });

  it('when two runs race, one of them mails', async () => {
    const member = await subscribed();
    const sent = await Promise.all([digest.run(), digest.run()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    await digestMailTo(member);
    expect(await digestsTo(member)).toHaveLength(1);
  });

  it('tells only what is new since the last digest, and leaves out kinds turned off', async () => {
    const member = await subscribed();
    await digest.run();
    await digestMailTo(member);
    await member.agent
      .patch(SETTINGS)
      .send({ kinds: { approved: false } })
      .expect(200);
    await approvedStory(member, admin, 'She counts the socks. Who is right?');
    expect(await digest.run()).toBe(0);

    await member.agent
      .patch(SETTINGS)
      .send({ kinds: { approved: true } })
      .expect(200);
    expect(await digest.run()).toBe(1);
    await expect.poll(async () => (await digestsTo(member)).length).toBe(2);
    const [newest] = await digestsTo(member);
    expect(newest?.subject).toBe("Who's Right: 1 new notification");
  });

  it('mails nobody with the digest off, an unverified address or a ban', async () => {
    const unverified = await subscribed({ verified: false });
    const banned = await subscribed();
    await admin.agent.patch(`/api/admin/users/${banned.id}/ban`).expect(200);
    const off = await subscribed();
    await off.agent.patch(SETTINGS).send({ digest: false }).expect(200);
    expect(await digest.run()).toBe(0);
    for (const member of [unverified, banned, off]) expect(await digestsTo(member)).toEqual([]);
  });
});

describe('POST /api/notifications/unsubscribe', () => {
  async function linkToken(): Promise<{ member: Member; token: string }> {
    const member = await subscribed();
    await digest.run();
    const mail = await digestMailTo(member);
    return { member, token: tokenOf(mail.links.find((l) => l.includes('/unsubscribe?token='))!) };
  }

  const digestOf = async (member: Member) =>
    parseBody(await member.agent.get(SETTINGS).expect(200), notificationSettingsSchema).digest;

  it('turns the digest off without sign-in, and a repeat is fine and appends nothing', async () => {
    const { member, token } = await linkToken();
    const res = await server
      .agent()
      .post('/api/notifications/unsubscribe')
      .send({ token })
      .expect(200);
    expect(res.body).toEqual({ digest: false });
    expect(await digestOf(member)).toBe(false);

    const before = await head();
    await server.agent().post('/api/notifications/unsubscribe').send({ token }).expect(200);
    expect(await head()).toBe(before);
  });

  it("takes a mail client's one-click POST (RFC 8058) to the header's URL", async () => {
    const { member, token } = await linkToken();
    await server
      .agent()
      .post(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(await digestOf(member)).toBe(false);
  });

  it('changes nothing on a GET: mail scanners open links', async () => {
    const { member, token } = await linkToken();
    const res = await server
      .agent()
      .get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(404);
    expect(await digestOf(member)).toBe(true);
  });

  it('answers 400 with a clear message to a tampered, expired, foreign or missing token', async () => {
    const { member, token } = await linkToken();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    const otherSub = Buffer.from(JSON.stringify({ ...claims, sub: admin.id })).toString(
      'base64url',
    );
    const secret = server.config.sessionSecret;
    const longAgo = new Date(Date.now() - 61 * 24 * 60 * 60 * 1000);
    const bad = [
      `${header}.${otherSub}.${signature}`,
      `${token.slice(0, -2)}xx`,
      await new UnsubscribeTokens(secret).sign(member.id, longAgo),
      await new UnsubscribeTokens('another-secret-that-is-long-enough-too').sign(member.id),
      'not-a-token',
    ];
    const before = await head();
    for (const value of bad) {
      const res = await server
        .agent()
        .post('/api/notifications/unsubscribe')
        .send({ token: value })
        .expect(400);
      expect(res.body).toMatchObject({ message: INVALID_UNSUBSCRIBE_LINK });
    }
    for (const body of [{}, { token: '' }, { token: 42 }]) {
      const res = await server.agent().post('/api/notifications/unsubscribe').send(body);
      expect(res.status).toBe(400);
    }
    expect(await head()).toBe(before);
    expect(await digestOf(member)).toBe(true);
  });

  it('answers 400 to the link of an account deleted since', async () => {
    const { member, token } = await linkToken();
    await member.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    const res = await server
      .agent()
      .post('/api/notifications/unsubscribe')
      .send({ token })
      .expect(400);
    expect(res.body).toMatchObject({ message: INVALID_UNSUBSCRIBE_LINK });
  });
});
