import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

export interface TestProvider {
  /** `http://127.0.0.1:<port>` */
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * For tests: a real OpenID provider (`oidc-provider`) on a free loopback port, with one
 * confidential client for `redirectUri` and an interaction that signs `account` in at once
 * (login and consent), so the whole code flow can be driven by fetch.
 */
export async function startTestProvider(options: {
  redirectUri: string;
  account: TestAccount;
}): Promise<TestProvider> {
  const clientId = 'whosright-test';
  const clientSecret = 'test-client-secret-with-enough-entropy-0123456789';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  // oidc-provider warns that its in-memory store is for development only: that is all a test needs.
  const warn = console.warn;
  console.warn = () => undefined;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: (_ctx: unknown, id: string) =>
      Promise.resolve({ accountId: id, claims: () => ({ ...options.account, sub: id }) }),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
    },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
            format: 'jwk',
          }),
          kid: 'test',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
  });
  console.warn = warn;

  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: options.account.sub, clientId });
      const { scope } = details.params;
      grant.addOIDCScope(typeof scope === 'string' ? scope : 'openid');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: options.account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * For tests: plays the browser from the authorization URL to the redirect back to `redirectUri`,
 * following redirects by hand and carrying the provider's cookies. Answers the callback URL.
 */
export async function followToCallback(authorizationUrl: URL, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 15; hop += 1) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = res.headers.get('location');
    if (!location)
      throw new Error(
        `The provider answered ${res.status} without a redirect at ${url.pathname}: ${await res.text()}`,
      );
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) return next;
    url = next;
  }
  throw new Error('Too many redirects at the provider');
}
