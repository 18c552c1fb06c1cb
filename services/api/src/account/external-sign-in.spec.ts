import { freePort } from '@whosright/testing/free-port';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { runtimeConfigSchema } from '@whosright/contracts/platform/dto';
import { parseBody } from '#api/testing/parse-body';
import {
  followToCallback,
  startTestProvider,
  type TestAccount,
  type TestProvider,
} from '#api/platform/oidc/test-provider';
import { startTestServer, type TestServer } from '#api/app/test-server';

describe('external sign-in (OpenID Connect against a real provider on loopback)', () => {
  let provider: TestProvider | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    await provider?.stop();
  });

  async function setUp(account: TestAccount, env: Record<string, string> = {}) {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    provider = await startTestProvider({ redirectUri: `${publicUrl}/api/callback`, account });
    server = await startTestServer({
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Test ID',
      ...env,
    });
    return { publicUrl, server };
  }

  async function signInThroughProvider(
    browser: ReturnType<TestServer['agent']>,
    publicUrl: string,
    tamper?: (callback: URL) => void,
  ) {
    const start = await browser.get('/api/login');
    expect(start.status).toBe(303);
    expect(String(start.headers['set-cookie'])).toMatch(/wr_oidc=.*HttpOnly/i);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const callback = await followToCallback(authorization, `${publicUrl}/api/callback`);
    tamper?.(callback);
    return browser.get(`${callback.pathname}${callback.search}`);
  }

  it('when a new person signs in with a verified e-mail an account is created and signed in', async () => {
    const { publicUrl, server } = await setUp({
      sub: 'subject-1',
      email: 'Idp.User@Example.com',
      email_verified: true,
      given_name: 'Ida',
      family_name: 'Park',
    });
    const config = await server.agent().get('/api/config');
    expect(parseBody(config, runtimeConfigSchema).externalSignIn).toEqual({
      enabled: true,
      label: 'Test ID',
    });
    const browser = server.agent();
    const done = await signInThroughProvider(browser, publicUrl);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/');
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'idp.user@example.com',
      firstName: 'Ida',
      lastName: 'Park',
      role: 'user',
    });

    const again = server.agent();
    await signInThroughProvider(again, publicUrl);
    expect(parseBody(await again.get('/api/auth/user'), currentUserSchema).id).toBe(
      parseBody(me, currentUserSchema).id,
    );
  });

  it("when the provider's picture points at a private address the new account gets no picture", async () => {
    const { publicUrl, server } = await setUp({
      sub: 'subject-picture',
      email: 'picture@example.com',
      email_verified: true,
      picture: 'https://192.168.1.1/admin/reboot',
    });
    const browser = server.agent();
    await signInThroughProvider(browser, publicUrl);
    const me = parseBody(await browser.get('/api/auth/user'), currentUserSchema);
    expect(me.profileImageUrl).toBeNull();
  });

  it("when the provider's picture holds characters a URL may not hold the new account gets no picture", async () => {
    const { publicUrl, server } = await setUp({
      sub: 'subject-picture-quotes',
      email: 'picture-quotes@example.com',
      email_verified: true,
      picture: 'https://example.com/a.png"><script>alert(1)</script>',
    });
    const browser = server.agent();
    await signInThroughProvider(browser, publicUrl);
    const me = parseBody(await browser.get('/api/auth/user'), currentUserSchema);
    expect(me.profileImageUrl).toBeNull();
  });

  it('when the verified e-mail belongs to a password account it links to that account', async () => {
    const { publicUrl, server } = await setUp({
      sub: 'subject-2',
      email: 'linked@example.com',
      email_verified: true,
    });
    const existing = await server
      .agent()
      .post('/api/auth/register')
      .send({ email: 'linked@example.com', password: 'a good password', firstName: 'Lin' });
    const browser = server.agent();
    await signInThroughProvider(browser, publicUrl);
    expect(parseBody(await browser.get('/api/auth/user'), currentUserSchema).id).toBe(
      parseBody(existing, currentUserSchema).id,
    );
  });

  it('when the e-mail is not verified it never takes over an existing account', async () => {
    const { publicUrl, server } = await setUp({
      sub: 'subject-3',
      email: 'victim@example.com',
      email_verified: false,
    });
    await server
      .agent()
      .post('/api/auth/register')
      .send({ email: 'victim@example.com', password: 'a good password', firstName: 'Vic' })
      .expect(201);
    const browser = server.agent();
    const done = await signInThroughProvider(browser, publicUrl);
    expect(done.headers.location).toBe('/login?error=sso_failed');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it.each([
    [true, 'admin'],
    [false, 'user'],
  ] as const)(
    'when a listed address signs in with email_verified %s it is %s (only the provider verifying it counts)',
    async (verified, role) => {
      const { publicUrl, server } = await setUp(
        { sub: `subject-listed-${verified}`, email: 'Chief@Example.com', email_verified: verified },
        { ADMIN_EMAILS: 'chief@example.com' },
      );
      const browser = server.agent();
      await signInThroughProvider(browser, publicUrl);
      expect(parseBody(await browser.get('/api/auth/user'), currentUserSchema)).toMatchObject({
        role,
        emailVerified: verified,
      });
    },
  );

  it('when the state is tampered with the sign-in fails closed', async () => {
    const { publicUrl, server } = await setUp({
      sub: 'subject-4',
      email: 'state@example.com',
      email_verified: true,
    });
    const browser = server.agent();
    const done = await signInThroughProvider(browser, publicUrl, (callback) =>
      callback.searchParams.set('state', 'forged-state-value-0123456789'),
    );
    expect(done.headers.location).toBe('/login?error=sso_failed');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('when the callback arrives without the transaction cookie it fails closed', async () => {
    const { publicUrl, server } = await setUp({
      sub: 'subject-5',
      email: 'cookie@example.com',
      email_verified: true,
    });
    const browser = server.agent();
    const start = await browser.get('/api/login');
    const callback = await followToCallback(
      new URL(start.headers.location as string),
      `${publicUrl}/api/callback`,
    );
    const stranger = server.agent();
    const done = await stranger.get(`${callback.pathname}${callback.search}`);
    expect(done.headers.location).toBe('/login?error=sso_failed');
    expect((await stranger.get('/api/auth/user')).status).toBe(401);
  });
});
