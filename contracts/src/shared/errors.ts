import { z } from 'zod';

/**
 * Every API error body: `{message, code}` beside the HTTP status, never a stack trace. `issues`
 * lists what failed validation.
 */
export const errorCodeSchema = z.enum([
  'validation_failed',
  'unauthorized',
  'forbidden',
  'banned',
  'account_deleted',
  'not_found',
  'conflict',
  'already_voted',
  'story_not_rejected',
  'story_was_published',
  'reports_closed',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'unsupported_media_type',
  'payload_too_large',
  'rate_limited',
  'not_ready',
  'unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorBodySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  issues: z.array(errorIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
