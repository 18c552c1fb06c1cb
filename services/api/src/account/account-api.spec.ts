import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { newId } from '@whosright/contracts/shared/ids';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { parseBody } from '#api/testing/parse-body';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { emailStream } from './reservations';

const PASSWORD = 'correct horse battery';
let server: TestServer;
let counter = 0;
const uniqueEmail = () => `person${++counter}-${Date.now()}@example.com`;

async function register(email = uniqueEmail(), extra: Record<string, unknown> = {}) {
  const agent = server.agent();
  const res = await agent
    .post('/api/auth/register')
    .send({ email, password: PASSWORD, firstName: 'Ann', ...extra });
  return { agent, res, email };
}

const head = () => server.running.application.stores.eventStore.headPosition();

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(async () => {
  await server.stop();
});

describe('registration', () => {
  it('when a person registers it signs them in with an HttpOnly, SameSite=Lax session cookie', async () => {
    const { agent, res, email } = await register(undefined, { lastName: 'Lee' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'user',
      status: 'active',
      username: null,
    });
    expect(parseBody(res, currentUserSchema).id).toMatch(/^user_/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/wr_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const cookies = (res.headers['set-cookie'] as unknown as string[]) ?? [];
    const hint = cookies.find((c) => c.startsWith('wr_signed_in=1'));
    expect(hint, 'the signed-in hint the page can read').toBeDefined();
    expect(hint).not.toMatch(/HttpOnly/i);
    const me = await agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(parseBody(me, currentUserSchema).id).toBe(parseBody(res, currentUserSchema).id);
  });

  it('when the e-mail is taken, in another case and with spaces, it answers 409 in words a person understands', async () => {
    const { email } = await register();
    const again = await server
      .agent()
      .post('/api/auth/register')
      .send({ email: `  ${email.toUpperCase()} `, password: PASSWORD, firstName: 'Bo' });
    expect(again.status).toBe(409);
    expect(parseBody(again, errorBodySchema).message).toBe(
      'An account with this email already exists. Try signing in instead.',
    );
  });

  it('when two registrations of one e-mail race, exactly one account is created', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        server
          .agent()
          .post('/api/auth/register')
          .send({ email, password: PASSWORD, firstName: 'Race' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it.each([
    ['missing fields', {}],
    ['a missing first name', { email: 'x@example.com', password: PASSWORD }],
    ['a blank first name', { email: 'x@example.com', password: PASSWORD, firstName: '   ' }],
    ['wrong types', { email: 42, password: true, firstName: ['a'] }],
    [
      'an unknown key',
      { email: 'x@example.com', password: PASSWORD, firstName: 'A', role: 'admin' },
    ],
    ['a query operator as e-mail', { email: { $ne: null }, password: PASSWORD, firstName: 'A' }],
    ['an invalid e-mail', { email: 'not-an-email', password: PASSWORD, firstName: 'A' }],
    ['a 7-character password', { email: 'x@example.com', password: '1234567', firstName: 'A' }],
    ['a 10 KB password', { email: 'x@example.com', password: 'p'.repeat(10_240), firstName: 'A' }],
    [
      'a 51-character first name',
      { email: 'x@example.com', password: PASSWORD, firstName: 'a'.repeat(51) },
    ],
  ])('when the body has %s it answers 400 and writes nothing', async (_case, body) => {
    const before = await head();
    const res = await server.agent().post('/api/auth/register').send(body);
    expect(res.status).toBe(400);
    const error = parseBody(res, errorBodySchema);
    expect(error.code).toBe('validation_failed');
    expect(error.issues?.length).toBeGreaterThan(0);
    expect(await head()).toBe(before);
  });

  it('when a password has 256 characters of any kind it is accepted whole', async () => {
    const password = `${'ü'.repeat(200)}😀${'x'.repeat(53)}`.slice(0, 256);
    const email = uniqueEmail();
    const res = await server
      .agent()
      .post('/api/auth/register')
      .send({ email, password, firstName: 'Long' });
    expect(res.status).toBe(201);
    const wrong = await server
      .agent()
      .post('/api/auth/login')
      .send({ email, password: `${password.slice(0, 255)}?` });
    expect(wrong.status).toBe(401);
    expect((await server.agent().post('/api/auth/login').send({ email, password })).status).toBe(
      200,
    );
  });

  it('when the first name is a reserved name like Admin or Whos-Right it answers 409 and creates nothing', async () => {
    const before = await head();
    for (const firstName of ['Admin', 'whos-right', ' Moderator ', 'SYSTEM']) {
      const { res } = await register(uniqueEmail(), { firstName });
      expect(res.status, firstName).toBe(409);
      expect(errorBodySchema.parse(res.body).message).toBe(
        'This name is reserved for the site and its staff. Please use your own first name.',
      );
    }
    expect(await head()).toBe(before);
    expect((await register(uniqueEmail(), { firstName: 'Adminah' })).res.status).toBe(201);
  });

  it('when an ADMIN_EMAILS address registers it is a member until the address is verified', async () => {
    const { res } = await register('BOSS@example.com');
    expect(parseBody(res, currentUserSchema)).toMatchObject({ role: 'user', emailVerified: false });
  });
});

describe('sign-in', () => {
  it('when the password is right it starts a new session with a new cookie', async () => {
    const { res: registered, email } = await register();
    const first = String(registered.headers['set-cookie']);
    const agent = server.agent();
    const res = await agent
      .post('/api/auth/login')
      .send({ email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(parseBody(res, currentUserSchema).email).toBe(email);
    expect(String(res.headers['set-cookie'])).not.toBe(first);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });

  it('when the password is wrong or the e-mail unknown it answers the same 401', async () => {
    const { email } = await register();
    const wrong = await server
      .agent()
      .post('/api/auth/login')
      .send({ email, password: 'wrong password' });
    const unknown = await server
      .agent()
      .post('/api/auth/login')
      .send({ email: uniqueEmail(), password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', code: 'unauthorized' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('when signed out the current user is 401 Unauthorized', async () => {
    const res = await server.agent().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });

  it('when the cookie is forged it is ignored', async () => {
    const res = await server
      .agent()
      .get('/api/auth/user')
      .set('Cookie', 'wr_session=eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOiJ4In0.bad');
    expect(res.status).toBe(401);
  });

  it('when a stored hash has older parameters it is upgraded at sign-in', async () => {
    const email = uniqueEmail();
    const userId = newId('user');
    const { eventStore } = server.running.application.stores;
    const weak = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    const metadata = { correlationId: 'test' };
    await eventStore.append(
      emailStream(email),
      [{ type: 'ReservationClaimed', data: { userId }, metadata }],
      'no_stream',
    );
    await eventStore.append(
      `user-${userId}`,
      [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email,
            firstName: 'Old',
            lastName: null,
            passwordHash: weak,
            role: 'user',
            profileImageUrl: null,
          },
          metadata,
        },
      ],
      'no_stream',
    );
    expect(
      (await server.agent().post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(200);
    const hashes: string[] = [];
    for await (const event of eventStore.readStream(`user-${userId}`)) {
      if (event.type === 'PasswordChanged')
        hashes.push((event.data as { passwordHash: string }).passwordHash);
    }
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(
      (await server.agent().post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('when an e-mail+IP fails more than 10 times in 15 minutes the next attempt gets 429 with Retry-After', async () => {
    const { email } = await register();
    const browser = server.agent();
    for (let i = 0; i < 10; i++) {
      expect(
        (await browser.post('/api/auth/login').send({ email, password: 'nope nope' })).status,
      ).toBe(401);
    }
    const limited = await browser.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(parseBody(limited, errorBodySchema).message).toBe(
      'Rate limit exceeded. Please wait a moment before trying again.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await server.agent().post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('when one IP registers more than 10 accounts in an hour the next one gets 429', async () => {
    const browser = server.agent();
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await browser
            .post('/api/auth/register')
            .send({ email: uniqueEmail(), password: PASSWORD, firstName: 'Spam' })
        ).status,
      ).toBe(201);
    }
    const limited = await browser
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: PASSWORD, firstName: 'Spam' });
    expect(limited.status).toBe(429);
  });

  it('when one e-mail asks for more than 5 resets in an hour the next one gets 429', async () => {
    const { email } = await register();
    for (let i = 0; i < 5; i++)
      expect((await server.agent().post('/api/auth/forgot-password').send({ email })).status).toBe(
        200,
      );
    expect((await server.agent().post('/api/auth/forgot-password').send({ email })).status).toBe(
      429,
    );
  });
});

describe('logout', () => {
  /** What a browser sends when a page is opened in the window. */
  const navigation = (site: string) => ({
    'Sec-Fetch-Site': site,
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
  });

  it('when a user logs out with the Logout button the cookie is cleared and replaying it no longer works', async () => {
    const { agent, res } = await register();
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const out = await agent.get('/api/logout').set(navigation('same-origin'));
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(String(out.headers['set-cookie'])).toMatch(/wr_session=;/);
    expect(String(out.headers['set-cookie'])).toMatch(/wr_signed_in=;/);
    const replay = await server.agent().get('/api/auth/user').set('Cookie', cookie);
    expect(replay.status).toBe(401);
  });

  it('when a user types /api/logout in the address bar it signs them out', async () => {
    const { agent } = await register();
    await agent.get('/api/logout').set(navigation('none')).expect(303);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('when a profile image on the site points at /api/logout it answers 403 and nobody is logged out', async () => {
    const { agent } = await register();
    const out = await agent.get('/api/logout').set({
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'no-cors',
      'Sec-Fetch-Dest': 'image',
    });
    expect(out.status).toBe(403);
    expect(errorBodySchema.parse(out.body)).toMatchObject({ code: 'forbidden' });
    expect(errorBodySchema.parse(out.body).message).toContain('nobody was signed out');
    expect(out.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });

  it.each([
    ['a frame on the site', { ...navigation('same-origin'), 'Sec-Fetch-Dest': 'iframe' }],
    ["a script's fetch", { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' }],
    ['a request without fetch metadata', {}],
    ['a sibling subdomain', navigation('same-site')],
  ])('when %s opens /api/logout nobody is logged out', async (_case, headers) => {
    const { agent } = await register();
    const out = await agent.get('/api/logout').set(headers);
    expect([303, 403]).toContain(out.status);
    expect(out.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });

  it('when a cross-site page sends the browser to /api/logout it lands on the home page still signed in', async () => {
    const { agent } = await register();
    const out = await agent.get('/api/logout').set(navigation('cross-site'));
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/');
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });
});

describe('password reset', () => {
  async function requestReset(email: string, newerThan?: string) {
    const res = await server.agent().post('/api/auth/forgot-password').send({ email });
    expect(res.status).toBe(200);
    const mail = await waitForMailTo(server.dataDir, email, {
      matching: withLink('mode=reset'),
      ...(newerThan ? { newerThan } : {}),
    });
    const link = mail.links.find((l) => l.includes('/login?mode=reset&token='));
    expect(link).toBeDefined();
    return { res, mail, token: decodeURIComponent(new URL(link!).searchParams.get('token')!) };
  }

  it('when asked for an existing or unknown e-mail it answers the same 200, and only the account gets a mail', async () => {
    const { email } = await register();
    const known = await server.agent().post('/api/auth/forgot-password').send({ email });
    const unknownEmail = uniqueEmail();
    const unknown = await server
      .agent()
      .post('/api/auth/forgot-password')
      .send({ email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await waitForMailTo(server.dataDir, email, { matching: withLink('mode=reset') });
    expect(mail.links[0]).toMatch(
      new RegExp(`^${server.config.publicUrl}/login\\?mode=reset&token=`),
    );
    await expect(waitForMailTo(server.dataDir, unknownEmail, { timeoutMs: 300 })).rejects.toThrow();
  });

  it('when the token is valid it sets the new password, ends every session and does not sign in', async () => {
    const { agent, email } = await register();
    const { token } = await requestReset(email);
    const reset = server.agent();
    const res = await reset
      .post('/api/auth/reset-password')
      .send({ token, password: 'a brand new password' });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    expect(
      (await server.agent().post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (
        await server
          .agent()
          .post('/api/auth/login')
          .send({ email, password: 'a brand new password' })
      ).status,
    ).toBe(200);
    const reuse = await server
      .agent()
      .post('/api/auth/reset-password')
      .send({ token, password: 'another new password' });
    expect(reuse.status).toBe(400);
    expect(parseBody(reuse, errorBodySchema).message).toBe('Invalid or expired reset token');
  });

  it('when one token is submitted twice in parallel exactly one succeeds', async () => {
    const { email } = await register();
    const { token } = await requestReset(email);
    const results = await Promise.all([
      server
        .agent()
        .post('/api/auth/reset-password')
        .send({ token, password: 'parallel password one' }),
      server
        .agent()
        .post('/api/auth/reset-password')
        .send({ token, password: 'parallel password two' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('when a newer request was made the older token no longer works', async () => {
    const { email } = await register();
    const first = await requestReset(email);
    const second = await requestReset(email, first.mail.file);
    expect(second.token).not.toBe(first.token);
    expect(
      (
        await server
          .agent()
          .post('/api/auth/reset-password')
          .send({ token: first.token, password: 'password number 1' })
      ).status,
    ).toBe(400);
    expect(
      (
        await server
          .agent()
          .post('/api/auth/reset-password')
          .send({ token: second.token, password: 'password number 2' })
      ).status,
    ).toBe(200);
  });

  it.each([['garbage'], ['user_01JAAAAAAAAAAAAAAAAAAAAAAA.abc'], ['']])(
    'when the token is %j it answers 400',
    async (token) => {
      const res = await server
        .agent()
        .post('/api/auth/reset-password')
        .send({ token, password: 'whatever password' });
      expect(res.status).toBe(400);
    },
  );
});

describe('admins and bans', () => {
  it('when a user is banned their sessions end; they can sign in again and read, shown as banned', async () => {
    const { agent, email, res } = await register();
    const userId = parseBody(res, currentUserSchema).id;
    // Signed in before the ban: the cookie has been verified and is recognised from memory since.
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    await server.running.application.accounts.rolesAndBans.change(userId, 'ban', {
      correlationId: 'test',
    });
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    const again = server.agent();
    expect((await again.post('/api/auth/login').send({ email, password: PASSWORD })).status).toBe(
      200,
    );
    const me = await again.get('/api/auth/user');
    expect(parseBody(me, currentUserSchema).status).toBe('banned');
    await server.running.application.accounts.rolesAndBans.change(userId, 'unban', {
      correlationId: 'test',
    });
    expect(parseBody(await again.get('/api/auth/user'), currentUserSchema).status).toBe('active');
  });
});

describe('external sign-in without OIDC settings', () => {
  it('when /api/login is opened it explains that external sign-in is not configured', async () => {
    const res = await server.agent().get('/api/login');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login?error=sso_unavailable');
  });
});

describe('logs', () => {
  it('when the auth suite has run no password, token or cookie appears in the logs or events', async () => {
    const all = server.logs.join('\n');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toMatch(/wr_session=/);
    expect(all).not.toMatch(/token=/);
    expect(all).not.toMatch(/a brand new password/);
    for await (const event of server.running.application.stores.eventStore.readAll()) {
      const json = JSON.stringify(event.data);
      expect(json).not.toContain(PASSWORD);
      expect(json).not.toContain('a brand new password');
    }
  });
});

describe('sliding session expiry', () => {
  it('when a session cookie is more than a day old it is renewed for another 30 days on use', async () => {
    const { res } = await register();
    const userId = parseBody(res, currentUserSchema).id;
    const { SessionTokens } = await import('#api/platform/session-tokens');
    const tokens = new SessionTokens(server.config.sessionSecret);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
    const claims = (await tokens.verify(cookie))!;
    const dayOld = await tokens.sign({
      sessionId: claims.sessionId,
      userId,
      issuedAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
      expiresAt: new Date(Date.now() + 29 * 24 * 60 * 60 * 1000),
    });
    const renewed = await server
      .agent()
      .get('/api/auth/user')
      .set('Cookie', `wr_session=${dayOld}`);
    expect(renewed.status).toBe(200);
    const setCookie = String(renewed.headers['set-cookie']);
    expect(setCookie).toMatch(/wr_session=/);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)![1]!);
    expect(expires).toBeGreaterThan(Date.now() + 29.9 * 24 * 60 * 60 * 1000);
  });

  it('when a session from before the signed-in hint is used it gets the hint, and a hinted one is left alone', async () => {
    const { res } = await register();
    const session = String(res.headers['set-cookie']).split(';')[0]!;
    const unhinted = await server.agent().get('/api/stories').set('Cookie', session);
    expect(String(unhinted.headers['set-cookie'])).toMatch(/^wr_signed_in=1;/);
    expect(String(unhinted.headers['set-cookie'])).not.toMatch(/HttpOnly/i);
    const hinted = await server
      .agent()
      .get('/api/stories')
      .set('Cookie', `${session}; wr_signed_in=1`);
    expect(hinted.headers['set-cookie']).toBeUndefined();
  });
});
