import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidCursorError } from '@whosright/projections/store/cursor';
import { errorHandler } from './error-handler';
import { ConflictError, RateLimitedError } from './errors';

/** An app whose one route fails with `error`, answered by the error handler alone. */
function failingWith(error: unknown) {
  const app = express();
  app.get('/fail', () => {
    throw error;
  });
  app.use(errorHandler);
  return request(app).get('/fail');
}

/** A body-parser error as express.json() raises it. */
const bodyError = (type: string, status: number) =>
  Object.assign(new Error('body'), { type, status });

describe('the error handler', () => {
  it.each([
    ['a typed HTTP error', new ConflictError('Already voted'), 409, 'conflict', 'Already voted'],
    [
      'a malformed path escape',
      new URIError('URI malformed'),
      400,
      'validation_failed',
      'The address has a malformed escape (%)',
    ],
    [
      'a cursor of another list',
      new InvalidCursorError(),
      400,
      'validation_failed',
      'Invalid cursor',
    ],
    [
      'a body too large',
      bodyError('entity.too.large', 413),
      413,
      'payload_too_large',
      'The request body is too large',
    ],
    [
      'a body that is not JSON',
      bodyError('entity.parse.failed', 400),
      400,
      'validation_failed',
      'The request body is not valid JSON',
    ],
    [
      'another unreadable body',
      bodyError('encoding.unsupported', 415),
      415,
      'validation_failed',
      'The request body could not be read',
    ],
    [
      'a body-parser failure of its own',
      bodyError('stream.not.readable', 500),
      500,
      'internal',
      'Something went wrong. Please try again.',
    ],
    [
      'any other error',
      new Error('secret stack'),
      500,
      'internal',
      'Something went wrong. Please try again.',
    ],
  ])(
    'when a route fails with %s it answers %i with its code and message',
    async (_what, error, status, code, message) => {
      const res = await failingWith(error);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ message, code });
    },
  );

  it('when a route fails parsing its input it answers 400 naming each issue', async () => {
    const parsed = z.object({ vote: z.enum(['he', 'she']) }).safeParse({ vote: 'both' });
    const res = await failingWith(parsed.error);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Invalid request',
      code: 'validation_failed',
      issues: [{ path: 'vote', message: parsed.error?.issues[0]?.message }],
    });
  });

  it('when a route is rate limited it answers 429 saying when to retry and the allowance', async () => {
    const res = await failingWith(new RateLimitedError(42, 10));
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'rate_limited' });
    expect(res.headers).toMatchObject({
      'retry-after': '42',
      'ratelimit-limit': '10',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '42',
    });
  });
});
