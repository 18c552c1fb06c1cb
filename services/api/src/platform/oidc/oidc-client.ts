import { timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '#api/platform/config';
import { classifyOidcError } from './classify-oidc-error';
import { isLoopbackUrl } from './loopback';
import { OidcError } from './oidc-error';

/** What `start` hands the caller to keep (short-lived, signed, HttpOnly cookie) until the callback. */
export const oidcTransactionSchema = z.object({
  state: z.string().min(16),
  nonce: z.string().min(16),
  codeVerifier: z.string().min(43),
});
export type OidcTransaction = z.infer<typeof oidcTransactionSchema>;

/** The signed-in person as the provider vouches for them. `issuer` + `subject` is the stable identity. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email?: string;
  /** True only when the provider says so (`email_verified: true`); never assume it. */
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
  picture?: string;
}

export interface OidcClient {
  providerName: string;
  redirectUri: string;
  /** Where to send the browser, and the transaction to keep until `/api/callback`. */
  start(): Promise<{ url: URL; transaction: OidcTransaction }>;
  /**
   * Checks the callback (state, issuer, PKCE, nonce, ID token) and answers the identity. Throws
   * OidcError for anything that does not add up; the caller answers with a sign-in failure.
   */
  finish(callbackUrl: URL, transaction: unknown): Promise<OidcIdentity>;
}

const SCOPE = 'openid email profile';

const sameString = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const optionalString = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * External sign-in with an OpenID Connect provider (authorization code flow with PKCE, state and
 * nonce) over openid-client v6. Discovery happens on first use and is retried after a failure. The
 * redirect URI is `${publicUrl}/api/callback`; register exactly that at the provider.
 */
export function createOidcClient(
  oidc: NonNullable<Config['oidc']>,
  publicUrl: string,
  options: { timeoutSeconds?: number } = {},
): OidcClient {
  const issuer = new URL(oidc.issuer);
  const redirectUri = `${publicUrl.replace(/\/+$/, '')}/api/callback`;
  // openid-client only talks HTTPS. Plain HTTP is allowed for an issuer on this machine only
  // (a provider started by the tests, or a local dev provider): loopback traffic never crosses a
  // network an attacker could sit on. Any other http:// issuer is refused, as it should be.
  const insecureLoopback = issuer.protocol === 'http:' && isLoopbackUrl(issuer);
  const execute = insecureLoopback ? [client.allowInsecureRequests] : [];
  const timeout = options.timeoutSeconds ?? 10;

  let configuration: Promise<client.Configuration> | undefined;

  async function discover(): Promise<client.Configuration> {
    const discovered = await client.discovery(issuer, oidc.clientId, undefined, client.None(), {
      execute,
      timeout,
    });
    // Confidential clients authenticate at the token endpoint the way the provider prefers:
    // client_secret_basic is the OIDC default, client_secret_post when that is all it offers.
    const metadata = discovered.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = !oidc.clientSecret
      ? client.None()
      : methods.includes('client_secret_basic') || !methods.includes('client_secret_post')
        ? client.ClientSecretBasic(oidc.clientSecret)
        : client.ClientSecretPost(oidc.clientSecret);
    const result = new client.Configuration(metadata, oidc.clientId, oidc.clientSecret, auth);
    for (const apply of execute) apply(result);
    result.timeout = timeout;
    return result;
  }

  function getConfiguration(): Promise<client.Configuration> {
    configuration ??= discover().catch((error: unknown) => {
      configuration = undefined;
      throw classifyOidcError(error);
    });
    return configuration;
  }

  return {
    providerName: oidc.providerName,
    redirectUri,

    async start() {
      const config = await getConfiguration();
      const transaction: OidcTransaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, transaction };
    },

    async finish(callbackUrl, rawTransaction) {
      const parsed = oidcTransactionSchema.safeParse(rawTransaction);
      if (!parsed.success)
        throw new OidcError(
          'invalid_transaction',
          'The sign-in transaction is missing or malformed',
        );
      const transaction = parsed.data;
      const config = await getConfiguration();
      const params = callbackUrl.searchParams;

      // Checked here first so the reason is explicit; openid-client checks both again.
      if (!sameString(params.get('state') ?? '', transaction.state)) {
        throw new OidcError('state_mismatch', 'The callback state does not match this sign-in');
      }
      const iss = params.get('iss');
      if (iss !== null && iss !== config.serverMetadata().issuer) {
        throw new OidcError('issuer_mismatch', 'The callback comes from another issuer');
      }

      // Only the query of the callback is taken: the redirect URI sent to the token endpoint is
      // always ours, whatever host or proxy the request came through.
      const currentUrl = new URL(redirectUri);
      currentUrl.search = callbackUrl.search;

      try {
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          pkceCodeVerifier: transaction.codeVerifier,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new OidcError('invalid_response', 'The provider sent no ID token');
        let claims: Record<string, unknown> = idClaims;
        // Providers may keep profile claims out of the ID token (OIDC Core 5.4): ask userinfo.
        if (
          claims.email === undefined &&
          tokens.access_token &&
          config.serverMetadata().userinfo_endpoint
        ) {
          const userInfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...userInfo, ...idClaims };
        }
        return {
          issuer: idClaims.iss,
          subject: idClaims.sub,
          email: optionalString(claims.email),
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          givenName: optionalString(claims.given_name),
          familyName: optionalString(claims.family_name),
          name: optionalString(claims.name),
          picture: optionalString(claims.picture),
        };
      } catch (error) {
        throw classifyOidcError(error);
      }
    },
  };
}
