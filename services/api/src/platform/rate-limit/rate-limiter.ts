import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from '#api/platform/errors';
import type { RateLimitPolicy } from './policies';

/**
 * The rate-limit store port: counters in a SQLite file in DATA_DIR, or in Redis shared by every
 * API instance. Both pass `rate-limiter.contract.ts`.
 */
export interface RateLimiter {
  /**
   * Counts one attempt and answers what is left of the window; throws RateLimitedError (429 +
   * Retry-After) once the policy is exceeded.
   */
  consume(policy: RateLimitPolicy, key: string): Promise<RateLimitState>;
  /** Throws RateLimitedError when `key` has used up the policy, without counting an attempt. */
  check(policy: RateLimitPolicy, key: string): Promise<void>;
  /** Forgets the attempts of `key` (e.g. after a successful sign-in). */
  reset(policy: RateLimitPolicy, key: string): Promise<void>;
  /** Gives one counted attempt of `key` back (a refused write, where only what was done counts). */
  refund(policy: RateLimitPolicy, key: string): Promise<void>;
  close(): Promise<void>;
}

/** What is left of a key's window after an attempt: the `RateLimit-*` headers. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** Keys hold e-mails and IPs: only a hash of them reaches the store. */
const storeKey = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** Seconds until the next attempt can pass, at least 1 (the Retry-After header). */
export const retryAfterSeconds = (res: RateLimiterRes) =>
  Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Wraps rate-limiter-flexible: one limiter per policy, made on first use by `makeLimiter`. */
export function createRateLimiterFrom(
  makeLimiter: (policy: RateLimitPolicy) => RateLimiterAbstract,
  close: () => Promise<void> = () => Promise.resolve(),
): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (policy: RateLimitPolicy) => {
    let limiter = limiters.get(policy.name);
    if (!limiter) {
      limiter = makeLimiter(policy);
      limiters.set(policy.name, limiter);
    }
    return limiter;
  };

  return {
    async consume(policy, key) {
      try {
        const used = await limiterFor(policy).consume(storeKey(key));
        return {
          limit: policy.points,
          remaining: used.remainingPoints,
          resetSeconds: retryAfterSeconds(used),
        };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          throw new RateLimitedError(retryAfterSeconds(rejection), policy.points);
        throw rejection;
      }
    },
    async check(policy, key) {
      const used = await limiterFor(policy).get(storeKey(key));
      if (used && used.consumedPoints >= policy.points)
        throw new RateLimitedError(retryAfterSeconds(used), policy.points);
    },
    async reset(policy, key) {
      await limiterFor(policy).delete(storeKey(key));
    },
    async refund(policy, key) {
      await limiterFor(policy).reward(storeKey(key), 1);
    },
    close,
  };
}
