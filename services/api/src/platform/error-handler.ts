import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ErrorBody } from '@whosright/contracts/shared/errors';
import { InvalidCursorError } from '@whosright/projections/store/cursor';
import { HttpError, NotFoundError, RateLimitedError } from './errors';
import { setRateLimitHeaders } from './rate-limit/rate-limit-headers';
import { requestLoggerOf } from './request-logging';

function issuesOf(error: ZodError): NonNullable<ErrorBody['issues']> {
  return error.issues.map((issue) => ({
    path: issue.path.join('.') || '(root)',
    message: issue.message,
  }));
}

/** Body-parser errors carry a `type` and a `status`. */
function isBodyParserError(error: unknown): error is { type: string; status: number } {
  return typeof error === 'object' && error !== null && 'type' in error && 'status' in error;
}

/** Turns any error into a JSON `{message, code}` body and its status. Never leaks a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  let status = 500;
  let body: ErrorBody = { message: 'Something went wrong. Please try again.', code: 'internal' };

  if (error instanceof ZodError) {
    status = 400;
    body = { message: 'Invalid request', code: 'validation_failed', issues: issuesOf(error) };
  } else if (error instanceof HttpError) {
    status = error.status;
    body = {
      message: error.message,
      code: error.code,
      ...(error.issues ? { issues: error.issues } : {}),
    };
    if (error instanceof RateLimitedError) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      if (error.limit !== undefined)
        setRateLimitHeaders(res, {
          limit: error.limit,
          remaining: 0,
          resetSeconds: error.retryAfterSeconds,
        });
    }
  } else if (error instanceof URIError) {
    // The router could not decode a path parameter (`/api/stories/%`): the client's URL is bad.
    status = 400;
    body = { message: 'The address has a malformed escape (%)', code: 'validation_failed' };
  } else if (error instanceof InvalidCursorError) {
    // A well-formed cursor of another list (another sort) reaches the store, which refuses it.
    status = 400;
    body = { message: 'Invalid cursor', code: 'validation_failed' };
  } else if (isBodyParserError(error)) {
    if (error.type === 'entity.too.large') {
      status = 413;
      body = { message: 'The request body is too large', code: 'payload_too_large' };
    } else if (error.type === 'entity.parse.failed') {
      status = 400;
      body = { message: 'The request body is not valid JSON', code: 'validation_failed' };
    } else if (error.status >= 400 && error.status < 500) {
      status = error.status;
      body = { message: 'The request body could not be read', code: 'validation_failed' };
    }
  }

  if (status >= 500) requestLoggerOf(req)?.error({ err: error }, 'request failed');
  if (res.headersSent) return;
  res.status(status).json(body);
};

/** Unknown /api paths answer a JSON 404 instead of the web app. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No API route for ${req.method} ${req.path}`));
};
