/**
 * The human message of a failed call, for toasts that show "the server's message or a fallback".
 * Our API answers `{message, code, issues?}`; for a validation failure the first issue says more
 * than 'Invalid request'. The client rate limit has its own message.
 */
import { ApiError } from '#web/lib/api-client.ts';
import { RateLimitError } from '#web/lib/rate-limiter.ts';

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  issues?: Array<{ message?: unknown }>;
}

function parseBody(text: string): ErrorBody | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof RateLimitError) return error.message.replace(/^429: /, '');
  if (!(error instanceof ApiError)) return fallback;
  const body = parseBody(error.responseText);
  if (!body) return fallback;
  const issue = body.code === 'validation_failed' ? body.issues?.[0]?.message : undefined;
  if (typeof issue === 'string' && issue) return issue;
  return typeof body.message === 'string' && body.message ? body.message : fallback;
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
