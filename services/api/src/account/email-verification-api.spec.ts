import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { parseBody } from '#api/testing/parse-body';
import { verificationTokenFor } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let counter = 0;
const head = () => server.running.application.stores.eventStore.headPosition();

async function register(email = `verify${++counter}-${Date.now()}@example.com`) {
  const agent = server.agent();
  const res = await agent
    .post('/api/auth/register')
    .send({ email, password: 'a good password', firstName: 'Vera' })
    .expect(201);
  return { agent, email, user: parseBody(res, currentUserSchema) };
}

const me = async (agent: ReturnType<TestServer['agent']>) =>
  parseBody(await agent.get('/api/auth/user').expect(200), currentUserSchema);

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'owner@verify.example.com' });
});
afterAll(async () => {
  await server.stop();
});

describe('e-mail verification', () => {
  it('when a listed address registers in any case it is a member until its owner opens the mailed link', async () => {
    const { agent, email, user } = await register('OWNER@verify.example.com');
    expect(user).toMatchObject({ role: 'user', emailVerified: false });
    const token = await verificationTokenFor(server, email);
    const verified = await server
      .agent()
      .post('/api/auth/verify-email')
      .send({ token })
      .expect(200);
    expect(verified.body).toEqual({ verified: true });
    expect(await me(agent)).toMatchObject({ id: user.id, role: 'admin', emailVerified: true });
  });

  it('when an unverified member uses the app nothing is gated', async () => {
    const { agent } = await register();
    await agent
      .post('/api/stories')
      .send({ content: 'He hums while he reads. Who is right?', category: 'lifestyle' })
      .expect(201);
  });

  it('when the mailed link is used it verifies the address; used again it is refused and changes nothing', async () => {
    const { agent, email } = await register();
    const token = await verificationTokenFor(server, email);
    await server.agent().post('/api/auth/verify-email').send({ token }).expect(200);
    const before = await head();
    await server.agent().post('/api/auth/verify-email').send({ token }).expect(400);
    expect(await head()).toBe(before);
    expect((await me(agent)).emailVerified).toBe(true);
  });

  it("when a stranger sends a verified account's public id with any secret it learns nothing about the account", async () => {
    const { email, user } = await register();
    await server
      .agent()
      .post('/api/auth/verify-email')
      .send({ token: await verificationTokenFor(server, email) })
      .expect(200);
    const unverified = await register();
    const answers = await Promise.all(
      [user.id, unverified.user.id, 'user_01JAAAAAAAAAAAAAAAAAAAAAAA'].map((id) =>
        server
          .agent()
          .post('/api/auth/verify-email')
          .send({ token: `${id}.anything` }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(answers[2]!.body);
      expect(JSON.stringify(answer.body)).not.toMatch(/@|Vera|role/);
    }
  });

  it.each([
    ['a token of no shape', { token: 'nonsense' }],
    ['an unknown secret', { token: 'user_01JAAAAAAAAAAAAAAAAAAAAAAA.secret' }],
    ['no token', {}],
    ['an extra key', { token: 'x.y', role: 'admin' }],
  ])('when verified with %s it answers 400 and appends nothing', async (_case, body) => {
    const before = await head();
    await server.agent().post('/api/auth/verify-email').send(body).expect(400);
    expect(await head()).toBe(before);
  });

  it('when a new link is asked for it is mailed and the older one stops working', async () => {
    const { agent, email } = await register();
    const first = await verificationTokenFor(server, email);
    const firstMail = await waitForMailTo(server.dataDir, email, {
      matching: withLink('mode=verify'),
    });
    await agent.post('/api/auth/resend-verification').expect(202);
    const second = await waitForMailTo(server.dataDir, email, {
      matching: withLink('mode=verify'),
      newerThan: firstMail.file,
    });
    const secondToken = new URL(second.links[0]!).searchParams.get('token');
    await server.agent().post('/api/auth/verify-email').send({ token: first }).expect(400);
    await server.agent().post('/api/auth/verify-email').send({ token: secondToken }).expect(200);
  });

  it('when new links are asked for too often it answers 429; a visitor gets 401', async () => {
    const { agent } = await register();
    for (let i = 0; i < 3; i++) await agent.post('/api/auth/resend-verification').expect(202);
    const limited = await agent.post('/api/auth/resend-verification');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await server.agent().post('/api/auth/resend-verification').expect(401);
  });

  it('when a password is reset by its mailed token the address counts as verified', async () => {
    const { agent, email } = await register();
    await server.agent().post('/api/auth/forgot-password').send({ email }).expect(200);
    const mail = await waitForMailTo(server.dataDir, email, { matching: withLink('mode=reset') });
    const token = new URL(mail.links.find((l) => l.includes('mode=reset'))!).searchParams.get(
      'token',
    );
    await server
      .agent()
      .post('/api/auth/reset-password')
      .send({ token, password: 'a brand new password' })
      .expect(200);
    const again = server.agent();
    await again
      .post('/api/auth/login')
      .send({ email, password: 'a brand new password' })
      .expect(200);
    expect((await me(again)).emailVerified).toBe(true);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });
});
