import { describe, expect, it } from 'vitest';

import { ApiError } from '#web/lib/api-client.ts';
import { createQueryClient, shouldRetryQuery } from '#web/lib/query-client.ts';
import { RateLimitError } from '#web/lib/client-rate-limiter.ts';

describe('query defaults', () => {
  it('when a query fails it retries up to 2 times', () => {
    const error = new Error('500: boom');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });

  it('when the failure is a rate limit it never retries', () => {
    const server = new ApiError(429, '{"message":"Slow down","code":"rate_limited"}', 'Error');
    expect(shouldRetryQuery(0, server)).toBe(false);
    expect(shouldRetryQuery(0, new RateLimitError())).toBe(false);
  });

  it('when a failure only mentions a rate limit in its text it retries', () => {
    const body = '{"message":"Rate limit exceeded upstream","code":"unavailable"}';
    expect(shouldRetryQuery(0, new ApiError(503, body, 'Error'))).toBe(true);
  });

  it('when the client is created it is fresh for 5 minutes, no focus refetch, no polling, no mutation retry', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(300_000);
    expect(options.queries?.refetchOnWindowFocus).toBe(false);
    expect(options.queries?.refetchInterval).toBe(false);
    expect(options.queries?.retry).toBe(shouldRetryQuery);
    expect(options.mutations?.retry).toBe(false);
  });
});
