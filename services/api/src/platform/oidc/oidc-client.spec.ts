import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcClient, type OidcClient } from './oidc-client';
import { OidcError } from './oidc-error';
import { followToCallback, startTestProvider, type TestProvider } from './test-provider';

const publicUrl = 'http://localhost:3999';
const redirectUri = `${publicUrl}/api/callback`;
const account = {
  sub: 'user-1',
  email: 'ann@example.com',
  email_verified: true,
  given_name: 'Ann',
  family_name: 'Lee',
  name: 'Ann Lee',
  picture: 'https://img.example.com/ann.png',
};

async function failureOf(promise: Promise<unknown>): Promise<OidcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OidcError);
  return error as OidcError;
}

describe('OIDC client against a real provider on loopback', () => {
  let provider: TestProvider;
  let oidc: OidcClient;

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUri, account });
    oidc = createOidcClient(
      {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        providerName: 'Test ID',
      },
      publicUrl,
    );
  });

  afterAll(async () => {
    await provider.stop();
  });

  it('when the whole code flow completes it answers the verified identity with its claims', async () => {
    const { url, transaction } = await oidc.start();
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(transaction.state);
    expect(url.searchParams.get('nonce')).toBe(transaction.nonce);
    expect(url.searchParams.get('scope')).toBe('openid email profile');

    const callback = await followToCallback(url, redirectUri);
    expect(await oidc.finish(callback, transaction)).toEqual({
      issuer: provider.issuer,
      subject: 'user-1',
      email: 'ann@example.com',
      emailVerified: true,
      givenName: 'Ann',
      familyName: 'Lee',
      name: 'Ann Lee',
      picture: 'https://img.example.com/ann.png',
    });
  });

  it('when the callback state was tampered with it fails closed with state_mismatch', async () => {
    const { url, transaction } = await oidc.start();
    const callback = await followToCallback(url, redirectUri);
    callback.searchParams.set('state', `${transaction.state.slice(0, -1)}x`);
    expect((await failureOf(oidc.finish(callback, transaction))).reason).toBe('state_mismatch');
  });

  it('when the transaction belongs to another sign-in it fails closed with state_mismatch', async () => {
    const first = await oidc.start();
    const second = await oidc.start();
    const callback = await followToCallback(first.url, redirectUri);
    expect((await failureOf(oidc.finish(callback, second.transaction))).reason).toBe(
      'state_mismatch',
    );
  });

  it('when the ID token carries another nonce it fails closed with nonce_mismatch', async () => {
    const { url, transaction } = await oidc.start();
    const callback = await followToCallback(url, redirectUri);
    const wrongNonce = { ...transaction, nonce: `${transaction.nonce}-other` };
    expect((await failureOf(oidc.finish(callback, wrongNonce))).reason).toBe('nonce_mismatch');
  });

  it('when the callback names another issuer it fails closed with issuer_mismatch', async () => {
    const { url, transaction } = await oidc.start();
    const callback = await followToCallback(url, redirectUri);
    expect(callback.searchParams.get('iss')).toBe(provider.issuer);
    callback.searchParams.set('iss', 'https://evil.example.com');
    expect((await failureOf(oidc.finish(callback, transaction))).reason).toBe('issuer_mismatch');
  });

  it('when the configured issuer is not the one the provider declares it fails closed with issuer_mismatch', async () => {
    // Same server, other name: the discovery document's issuer is 127.0.0.1, not localhost.
    const impostor = createOidcClient(
      {
        issuer: provider.issuer.replace('127.0.0.1', 'localhost'),
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        providerName: 'Test ID',
      },
      publicUrl,
    );
    expect((await failureOf(impostor.start())).reason).toBe('issuer_mismatch');
  });

  it('when the code verifier is wrong the provider refuses the code', async () => {
    const { url, transaction } = await oidc.start();
    const callback = await followToCallback(url, redirectUri);
    const wrongVerifier = { ...transaction, codeVerifier: 'x'.repeat(43) };
    expect((await failureOf(oidc.finish(callback, wrongVerifier))).reason).toBe('provider_error');
  });

  it('when the code is used a second time it fails closed', async () => {
    const { url, transaction } = await oidc.start();
    const callback = await followToCallback(url, redirectUri);
    await oidc.finish(callback, transaction);
    expect((await failureOf(oidc.finish(callback, transaction))).reason).toBe('provider_error');
  });

  it('when the transaction cookie is missing or malformed it fails closed with invalid_transaction', async () => {
    const { url } = await oidc.start();
    const callback = await followToCallback(url, redirectUri);
    expect((await failureOf(oidc.finish(callback, undefined))).reason).toBe('invalid_transaction');
    expect((await failureOf(oidc.finish(callback, { state: 'short' }))).reason).toBe(
      'invalid_transaction',
    );
  });

  it('when the user cancels at the provider it fails with access_denied', async () => {
    const { transaction } = await oidc.start();
    const callback = new URL(redirectUri);
    callback.search = new URLSearchParams({
      error: 'access_denied',
      state: transaction.state,
      iss: provider.issuer,
    }).toString();
    expect((await failureOf(oidc.finish(callback, transaction))).reason).toBe('access_denied');
  });
});

describe('OIDC client issuer rules', () => {
  it('when the issuer is plain http off loopback it refuses to talk to it', async () => {
    const remote = createOidcClient(
      { issuer: 'http://id.example.com', clientId: 'c', clientSecret: 's', providerName: 'X' },
      publicUrl,
    );
    const error = await failureOf(remote.start());
    expect(error.reason).toBe('invalid_response');
    expect(error.message).toContain('HTTPS');
  });

  it('when the provider cannot be reached it fails with provider_unreachable and retries discovery next time', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const oidc = createOidcClient(
      {
        issuer: `http://127.0.0.1:${port}`,
        clientId: 'c',
        clientSecret: undefined,
        providerName: 'X',
      },
      publicUrl,
    );
    expect((await failureOf(oidc.start())).reason).toBe('provider_unreachable');
    expect((await failureOf(oidc.start())).reason).toBe('provider_unreachable');
  });
});
