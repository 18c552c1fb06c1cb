import type { ErrorCode } from '@whosright/contracts/shared/errors';
import { RATE_LIMIT_MESSAGE } from '@whosright/contracts/shared/constants';

/** Typed HTTP errors (STYLE.md convention 5), mapped to a status in one place: error-handler.ts. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message = 'Invalid request', issues?: { path: string; message: string }[]) {
    super(400, 'validation_failed', message, issues);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden', code: ErrorCode = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, code: ErrorCode = 'conflict') {
    super(409, code, message);
  }
}

/** An Idempotency-Key sent again with another request than the one it was first used for. */
export class IdempotencyKeyReusedError extends HttpError {
  constructor() {
    super(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    );
  }
}

/** A retry that arrives while the first request with its Idempotency-Key is still running. */
export class IdempotencyInProgressError extends HttpError {
  constructor() {
    super(
      409,
      'idempotency_in_progress',
      'A request with this Idempotency-Key is still in progress. Retry in a moment.',
    );
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Send the request body as application/json') {
    super(415, 'unsupported_media_type', message);
  }
}

export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    /** The policy's allowance per window, for the `RateLimit-Limit` header. */
    readonly limit?: number,
  ) {
    super(429, 'rate_limited', RATE_LIMIT_MESSAGE);
  }
}
