import { describe, expect, it } from 'vitest';

import { createQueryClient, shouldRetryQuery } from '#web/lib/query-client.ts';

describe('query defaults', () => {
  it('when a query fails it retries up to 2 times', () => {
    const error = new Error('500: boom');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });

  it('when the failure is a rate limit it never retries', () => {
    expect(shouldRetryQuery(0, new Error('429: Too Many Requests'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('Rate limit exceeded'))).toBe(false);
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
