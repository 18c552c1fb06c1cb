import { createHash, randomBytes } from 'node:crypto';
import { userIdSchema } from '@whosright/contracts/shared/ids';

/** What the user stream keeps of a mailed secret: its hash, never the secret. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A mailed link's token (password reset, e-mail verification, account deletion):
 * `{userId}.{secret}`, 32 random bytes; the event records only `tokenHash`.
 */
export function newMailedToken(userId: string): { token: string; tokenHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${userId}.${secret}`, tokenHash: sha256(secret) };
}

/** The user a token names and its secret's hash; null when it is not shaped like one. */
export function readMailedToken(token: string): { userId: string; tokenHash: string } | null {
  const [userId, secret] = token.split('.', 2);
  if (!userId || !secret || !userIdSchema.safeParse(userId).success) return null;
  return { userId, tokenHash: sha256(secret) };
}
