import { z } from 'zod';
import { givenReason } from '../moderation/reason';
import { MODERATION_REASON_MAX_LENGTH } from './constants';

/** A moderator's optional reason (every moderation call): trimmed, blank meaning none. */
export const moderationReasonSchema = z
  .string()
  .trim()
  .max(
    MODERATION_REASON_MAX_LENGTH,
    `A reason must be at most ${MODERATION_REASON_MAX_LENGTH} characters`,
  )
  .optional()
  .nullable()
  .transform(givenReason);

/** The optional JSON body of an admin's moderation call: none, or `{ reason? }`. */
export const reasonBodySchema = z
  .strictObject({ reason: moderationReasonSchema })
  .optional()
  .transform((body) => ({ reason: body?.reason ?? null }));
