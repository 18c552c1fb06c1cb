import { SignJWT, errors, jwtVerify } from 'jose';
import type { webcrypto } from 'node:crypto';
import { userIdSchema } from '@whosright/contracts/shared/ids';
import { hmacKey } from '#api/platform/hmac-key';

/** How long a digest's unsubscribe link works: long enough for an old mail to still work. */
export const UNSUBSCRIBE_TTL_SECONDS = 60 * 24 * 60 * 60;
const PURPOSE = 'digest-unsubscribe';

/**
 * The digest's one-click unsubscribe link: an HS256 token (the session secret) naming the member
 * and its one purpose, good for 60 days. Unlike a reset link it is not single-use nor kept: turning
 * the digest off twice is harmless, and the mail must work in any process without a lookup.
 */
export class UnsubscribeTokens {
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.key = hmacKey(secret);
  }

  async sign(userId: string, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ pur: PURPOSE })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + UNSUBSCRIBE_TTL_SECONDS)
      .sign(await this.key);
  }

  /** The member the token names; null when it is malformed, tampered with, expired or not ours. */
  async verify(token: string, now = new Date()): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        currentDate: now,
      });
      if (payload.pur !== PURPOSE) return null;
      return userIdSchema.safeParse(payload.sub).success ? (payload.sub ?? null) : null;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
