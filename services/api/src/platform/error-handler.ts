import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
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

interface Answer {
  status: number;
  body: ErrorBody;
}

const internal: Answer = {
  status: 500,
  body: { message: 'Something went wrong. Please try again.', code: 'internal' },
};

/** A typed error answers its own status; a rate limit also says when to come back. */
function httpErrorAnswer(error: HttpError, res: Response): Answer {
  if (error instanceof RateLimitedError) setRetryHeaders(error, res);
  return {
    status: error.status,
    body: {
      message: error.message,
      code: error.code,
      ...(error.issues ? { issues: error.issues } : {}),
    },
  };
}

function setRetryHeaders(error: RateLimitedError, res: Response): void {
  res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (error.limit !== undefined)
    setRateLimitHeaders(res, {
      limit: error.limit,
      remaining: 0,
      resetSeconds: error.retryAfterSeconds,
    });
}

/** A body the client sent too large, as bad JSON or otherwise unreadable; anything else is ours. */
function bodyParserAnswer(error: { type: string; status: number }): Answer {
  if (error.type === 'entity.too.large')
    return {
      status: 413,
      body: { message: 'The request body is too large', code: 'payload_too_large' },
    };
  if (error.type === 'entity.parse.failed')
    return {
      status: 400,
      body: { message: 'The request body is not valid JSON', code: 'validation_failed' },
    };
  if (error.status >= 400 && error.status < 500)
    return {
      status: error.status,
      body: { message: 'The request body could not be read', code: 'validation_failed' },
    };
  return internal;
}

/** The status and `{message, code}` body an error answers with. */
function answerFor(error: unknown, res: Response): Answer {
  if (error instanceof ZodError)
    return {
      status: 400,
      body: { message: 'Invalid request', code: 'validation_failed', issues: issuesOf(error) },
    };
  if (error instanceof HttpError) return httpErrorAnswer(error, res);
  // The router could not decode a path parameter (`/api/stories/%`): the client's URL is bad.
  if (error instanceof URIError)
    return {
      status: 400,
      body: { message: 'The address has a malformed escape (%)', code: 'validation_failed' },
    };
  // A well-formed cursor of another list (another sort) reaches the store, which refuses it.
  if (error instanceof InvalidCursorError)
    return { status: 400, body: { message: 'Invalid cursor', code: 'validation_failed' } };
  if (isBodyParserError(error)) return bodyParserAnswer(error);
  return internal;
}

/** Turns any error into a JSON `{message, code}` body and its status. Never leaks a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const { status, body } = answerFor(error, res);
  if (status >= 500) requestLoggerOf(req)?.error({ err: error }, 'request failed');
  if (res.headersSent) return;
  res.status(status).json(body);
};

/** Unknown /api paths answer a JSON 404 instead of the web app. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No API route for ${req.method} ${req.path}`));
};
