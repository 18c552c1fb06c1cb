import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '#api/platform/errors';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { createRateLimiter } from './create-rate-limiter';
import { rateLimitPolicies } from './policies';

describe('createRateLimiter', () => {
  it('when REDIS_URL is unset it counts in memory', async () => {
    const limiter = await createRateLimiter({ redisUrl: undefined }, captureLogs().logger);
    const policy = rateLimitPolicies.forgotPasswordPerEmail;
    for (let i = 1; i <= 5; i += 1) await limiter.consume(policy, 'ann@example.com');
    await expect(limiter.consume(policy, 'ann@example.com')).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    await limiter.close();
  });
});
