import { SignJWT, jwtVerify } from 'jose';

export const OIDC_COOKIE = 'wr_oidc';
export const OIDC_COOKIE_TTL_SECONDS = 600;

/** The OIDC transaction (state, nonce, PKCE verifier) rides in a signed, short-lived, HttpOnly cookie. */
export class OidcTransactionCookie {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(`oidc:${secret}`);
  }

  seal(transaction: object): Promise<string> {
    return new SignJWT({ tx: transaction })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${OIDC_COOKIE_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async open(token: string | undefined): Promise<unknown> {
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload.tx;
    } catch {
      return undefined;
    }
  }
}
