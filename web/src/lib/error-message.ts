/**
 * The human message of a failed call, for toasts that show "the server's message or a fallback".
 * Our API answers `{message, code, issues?}`; for a validation failure the first issue says more
 * than 'Invalid request'. The client rate limit has its own message.
 */
import { RATE_LIMIT_MESSAGE } from '@whosright/contracts/shared/constants';

import { ApiError } from '#web/lib/api-client.ts';
import { RateLimitError } from '#web/lib/client-rate-limiter.ts';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof RateLimitError) return RATE_LIMIT_MESSAGE;
  if (!(error instanceof ApiError)) return fallback;
  const issue = error.code === 'validation_failed' ? error.issues[0] : undefined;
  return issue ?? error.serverMessage ?? fallback;
}

/** The HTTP status of a failed call, when it came from the server. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * A failed action's toast description: a refusal (403, e.g. a banned member) says the server's
 * reason, since trying again cannot help; anything else keeps the usual "Please try again" text.
 */
export function failureDescription(error: unknown, fallback: string): string {
  if (errorStatus(error) !== 403) return fallback;
  const message = errorMessage(error, '');
  return message || 'You are not allowed to do this.';
}
