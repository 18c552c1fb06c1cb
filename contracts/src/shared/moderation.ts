import { z } from 'zod';

/** A moderator's optional reason (every moderation call): trimmed, at most 500 characters. */
export const moderationReasonSchema = z
  .string()
  .trim()
  .max(500, 'A reason must be at most 500 characters')
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

/** The optional JSON body of an admin's moderation call: none, or `{ reason? }`. */
export const reasonBodySchema = z
  .strictObject({ reason: moderationReasonSchema })
  .optional()
  .transform((body) => ({ reason: body?.reason ?? null }));
