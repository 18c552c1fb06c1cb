import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createRateLimiterFrom, type RateLimiter } from './rate-limiter';

/** The embedded adapter: counters in this process (one API instance). */
export function createMemoryRateLimiter(): RateLimiter {
  return createRateLimiterFrom(
    (policy) =>
      new RateLimiterMemory({
        keyPrefix: policy.name,
        points: policy.points,
        duration: policy.durationSeconds,
      }),
  );
}
