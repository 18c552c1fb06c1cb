import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
const PASSWORD = 'a good password';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function resetToken(email: string) {
  await server.agent().post('/api/auth/forgot-password').send({ email }).expect(200);
  const mail = await waitForMailTo(server.dataDir, email, {
    matching: withLink('mode=reset'),
  });
  const link = mail.links.find((l) => l.includes('mode=reset'))!;
  return { token: new URL(link).searchParams.get('token')! };
}

describe('sessions and credentials', () => {
  it('when a sign-in checked before a reset records its session after it, the session is refused', async () => {
    const member = await signUp(server);
    const { token } = await resetToken(member.email);
    await server
      .agent()
      .post('/api/auth/reset-password')
      .send({ token, password: 'a brand new password' })
      .expect(200);
    // The interleaving the attack found: the password was checked against version 0, the reset
    // moved the credentials to version 1, and only then was the session recorded.
    const { accounts } = server.running.application;
    const stale = await accounts.sessions.start(member.id, 'password', { correlationId: 't' }, 0);
    const fresh = await accounts.sessions.start(member.id, 'password', { correlationId: 't' }, 1);
    const withCookie = (value: string) =>
      server.agent().get('/api/auth/user').set('Cookie', `wr_session=${value}`);
    expect((await withCookie(stale.cookie.value)).status).toBe(401);
    expect((await withCookie(fresh.cookie.value)).status).toBe(200);
  });

  it('when sign-ins with the old password race a reset, no session of theirs survives it', async () => {
    for (let round = 0; round < 8; round++) {
      const member = await signUp(server);
      const { token } = await resetToken(member.email);
      const browser = server.agent();
      const signIn = browser
        .post('/api/auth/login')
        .send({ email: member.email, password: PASSWORD });
      const signingIn = signIn.then((res) => res.status);
      // The reset comes later each round: after `round` more answers from the server.
      for (let i = 0; i < round; i++) await server.agent().get('/api/health').expect(200);
      await server
        .agent()
        .post('/api/auth/reset-password')
        .send({ token, password: 'a brand new password' })
        .expect(200);
      const status = await signingIn;
      // Signed in or refused, the old password's session must not outlive the reset.
      expect([200, 401]).toContain(status);
      expect((await browser.get('/api/auth/user')).status, `round ${round}`).toBe(401);
    }
  });
});
