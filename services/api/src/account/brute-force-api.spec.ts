import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const signIn = (email: string, password: string) =>
  server.agent().post('/api/auth/login').send({ email, password });

describe('brute force', () => {
  it('when an account fails to sign in 20 times from different addresses the 21st gets 429, even with the right password', async () => {
    const member = await signUp(server);
    for (let i = 0; i < 20; i++)
      expect((await signIn(member.email, `wrong ${i}`)).status).toBe(401);
    const blocked = await signIn(member.email, 'a good password');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await signUp(server);
    expect((await signIn(other.email, 'a good password')).status).toBe(200);
  });

  it('when the owner signs in after a few failures the failures are forgotten', async () => {
    const member = await signUp(server);
    for (let i = 0; i < 19; i++) await signIn(member.email, 'wrong');
    expect((await signIn(member.email, 'a good password')).status).toBe(200);
    for (let i = 0; i < 19; i++) expect((await signIn(member.email, 'wrong')).status).toBe(401);
  });

  it('when bogus reset tokens come from one address the 11th within 15 minutes gets 429', async () => {
    const browser = server.agent();
    const bogus = (i: number) => ({
      token: `user_01JAAAAAAAAAAAAAAAAAAAAA${String(i)
        .padStart(2, '0')
        .replace(/\d/g, (d) => 'ABCDEFGHJK'[Number(d)]!)}.x`,
      password: 'whatever 123',
    });
    for (let i = 0; i < 10; i++)
      expect((await browser.post('/api/auth/reset-password').send(bogus(i))).status).toBe(400);
    expect((await browser.post('/api/auth/reset-password').send(bogus(10))).status).toBe(429);
  });

  it('when one account is sent reset attempts from many addresses the 6th within 15 minutes gets 429', async () => {
    const member = await signUp(server);
    await server.agent().post('/api/auth/forgot-password').send({ email: member.email });
    const mail = await waitForMailTo(server.dataDir, member.email, {
      matching: withLink('mode=reset'),
    });
    const token = new URL(mail.links.find((l) => l.includes('mode=reset'))!).searchParams.get(
      'token',
    )!;
    const wrong = `${token.split('.')[0]}.guessed`;
    for (let i = 0; i < 5; i++)
      expect(
        (
          await server
            .agent()
            .post('/api/auth/reset-password')
            .send({ token: wrong, password: 'x'.repeat(9) })
        ).status,
      ).toBe(400);
    const blocked = await server
      .agent()
      .post('/api/auth/reset-password')
      .send({ token, password: 'a brand new password' });
    expect(blocked.status).toBe(429);
  });
});

describe('proxy trust', () => {
  it('when TRUST_PROXY is unset a forwarded address is not believed: limits count the real peer', async () => {
    const untrusting = await startTestServer({ TRUST_PROXY: '' });
    try {
      for (let i = 0; i < 10; i++)
        await untrusting
          .agent()
          .post('/api/auth/register')
          .set('X-Forwarded-For', `198.51.100.${i}`)
          .send({ email: `proxy${i}@example.com`, password: 'a good password', firstName: 'P' })
          .expect(201);
      const eleventh = await untrusting
        .agent()
        .post('/api/auth/register')
        .set('X-Forwarded-For', '198.51.100.200')
        .send({ email: 'proxy-11@example.com', password: 'a good password', firstName: 'P' });
      expect(eleventh.status).toBe(429);
    } finally {
      await untrusting.stop();
    }
  });
});
