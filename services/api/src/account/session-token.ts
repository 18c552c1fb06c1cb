import { SignJWT, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';

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

export function sessionCookieOptions(publicUrl: string, expiresAt: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: publicUrl.startsWith('https:'),
    expires: expiresAt,
  };
}

/**
 * The cookie is a jose-signed token naming the session; the session itself lives server-side
 * (sessions read model), so logout, bans and password resets end it at once.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(session: { sessionId: string; userId: string; issuedAt: Date; expiresAt: Date }): Promise<string> {
    return new SignJWT({ uid: session.userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(session.sessionId)
      .setIssuedAt(Math.floor(session.issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string): Promise<{ sessionId: string; userId: string; issuedAt: Date } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.jti !== 'string' || typeof payload.uid !== 'string' || typeof payload.iat !== 'number') return null;
      return { sessionId: payload.jti, userId: payload.uid, issuedAt: new Date(payload.iat * 1000) };
    } catch {
      return null;
    }
  }
}
