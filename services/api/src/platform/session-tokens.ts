import { SignJWT, jwtVerify } from 'jose';
import { randomBytes, type webcrypto } from 'node:crypto';
import { hmacKey } from './hmac-key';

/** Sessions last 30 days from the last renewal; a cookie older than a day is renewed on use (sliding expiry). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

/** `__Host-` binds the cookie to this exact origin over https; plain http (local) cannot use it. */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Host-wr_session' : 'wr_session';
}

/** The signed-in hint (SIGNED_IN_HINT_COOKIE) lives as long as the session cookie, readable by the page. */
export function signedInHintOptions(publicUrl: string, expiresAt: Date) {
  return { ...sessionCookieOptions(publicUrl, expiresAt), httpOnly: false };
}

export function sessionCookieOptions(publicUrl: string, expiresAt: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: publicUrl.startsWith('https:'),
    expires: expiresAt,
  };
}

interface VerifiedToken {
  sessionId: string;
  userId: string;
  issuedAtMs: number;
  /** From `exp`: the token verifies until then. */
  expiresAtMs: number;
}

/** Tokens verified recently, at most this many (oldest forgotten first). */
const VERIFIED_TOKENS = 10_000;

/**
 * The cookie is a jose-signed token naming the session; the session itself lives server-side
 * (sessions read model), so logout, bans and password resets end it at once.
 *
 * A token that verified once verifies again, unchanged, until its `exp`: the same bytes under the
 * same key. So each is verified by jose once and then recognised, until it expires, from a
 * bounded memory; what it names is still looked up on every request (see platform/auth.ts).
 */
export class SessionTokens {
  /** Imported once: jose would import raw key bytes again on every call. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(secret: string) {
    this.key = hmacKey(secret);
  }

  async sign(session: {
    sessionId: string;
    userId: string;
    issuedAt: Date;
    expiresAt: Date;
  }): Promise<string> {
    return new SignJWT({ uid: session.userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(session.sessionId)
      .setIssuedAt(Math.floor(session.issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
      .sign(await this.key);
  }

  async verify(
    token: string,
  ): Promise<{ sessionId: string; userId: string; issuedAt: Date } | null> {
    const known = this.verified.get(token) ?? (await this.verifyWithJose(token));
    if (!known) return null;
    if (Date.now() >= known.expiresAtMs) {
      this.verified.delete(token);
      return null;
    }
    return {
      sessionId: known.sessionId,
      userId: known.userId,
      issuedAt: new Date(known.issuedAtMs),
    };
  }

  private async verifyWithJose(token: string): Promise<VerifiedToken | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const { jti, uid, iat, exp } = payload;
      if (
        typeof jti !== 'string' ||
        typeof uid !== 'string' ||
        typeof iat !== 'number' ||
        typeof exp !== 'number'
      )
        return undefined;
      const verified = {
        sessionId: jti,
        userId: uid,
        issuedAtMs: iat * 1000,
        expiresAtMs: exp * 1000,
      };
      if (this.verified.size >= VERIFIED_TOKENS)
        this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, verified);
      return verified;
    } catch {
      return undefined;
    }
  }
}
