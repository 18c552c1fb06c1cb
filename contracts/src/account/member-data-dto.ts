import { z } from 'zod';

/**
 * A member's own data: the export of everything the log holds about them, and the
 * deletion of their account, confirmed by their password or by a mailed link.
 */

/** POST /api/users/me/delete: the password, or the token of the mailed link. */
export const deleteAccountRequestSchema = z.union([
  z.strictObject({
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(256, 'Password must be at most 256 characters'),
  }),
  z.strictObject({
    token: z
      .string({ error: 'Confirmation token is required' })
      .trim()
      .min(1, 'Confirmation token is required')
      .max(200),
  }),
]);
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const WRONG_PASSWORD_MESSAGE = 'Wrong password';
export const INVALID_DELETION_TOKEN_MESSAGE = 'Invalid or expired confirmation link';
export const NO_PASSWORD_MESSAGE =
  'Your account has no password: ask for a confirmation link by e-mail instead';

/** How long the mailed link that confirms a deletion stays valid. */
export const DELETION_TOKEN_TTL_MS = 60 * 60 * 1000;

/** What an export names the file by: the day it was made. */
export const exportFileName = (at: Date) => `whos-right-data-${at.toISOString().slice(0, 10)}.json`;
