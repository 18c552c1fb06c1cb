import { describe, expect, it } from 'vitest';

import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage, failureDescription } from '#web/lib/error-message.ts';
import { RateLimitError } from '#web/lib/client-rate-limiter.ts';

const apiError = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Error');

describe('errorMessage', () => {
  it('when the server sent a JSON message it returns that message', () => {
    const error = apiError(401, { message: 'Invalid email or password', code: 'unauthorized' });
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
  });

  it('when the server rejected the body it returns the first issue', () => {
    const error = apiError(400, {
      message: 'Invalid request',
      code: 'validation_failed',
      issues: [{ path: 'password', message: 'Password must be at least 8 characters' }],
    });
    expect(errorMessage(error, 'fallback')).toBe('Password must be at least 8 characters');
  });

  it('when the body is not JSON or the error is not from the API it returns the fallback', () => {
    expect(errorMessage(apiError(502, '<html>Bad gateway</html>'), 'fallback')).toBe('fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });

  it('when the client rate limit refused the call it says so', () => {
    expect(errorMessage(new RateLimitError(), 'fallback')).toBe(
      'Rate limit exceeded. Please wait a moment before trying again.',
    );
  });
});

describe('failureDescription', () => {
  it('when the server refused (403) it gives its reason instead of "try again"', () => {
    const error = apiError(403, {
      message: 'Your account is banned: you can read, but not post, vote or comment.',
      code: 'banned',
    });
    expect(failureDescription(error, 'Failed to post comment. Please try again.')).toBe(
      'Your account is banned: you can read, but not post, vote or comment.',
    );
  });

  it('when the call failed otherwise it keeps the usual text', () => {
    const error = apiError(500, { message: 'boom', code: 'internal' });
    expect(failureDescription(error, 'Failed to post comment. Please try again.')).toBe(
      'Failed to post comment. Please try again.',
    );
  });
});
