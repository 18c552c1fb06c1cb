import type { Request, RequestHandler } from 'express';
import type { RateLimitPolicy } from './policies';
import { byAccount, rateLimit } from './rate-limit-middleware';
import type { RateLimiter } from './rate-limiter';

/** Middleware limiting one kind of write per account (`policies.ts`). */
export interface WriteLimit {
  (policy: RateLimitPolicy): RequestHandler;
  /**
   * Gives back the attempt the request's account used of `policy`, for a write where only what
   * was done counts (a report refused as bad input or about nothing readers can see).
   */
  refund(policy: RateLimitPolicy, req: Request): Promise<void>;
}

const unlimited: RequestHandler = (_req, _res, next) => next();

/**
 * Per-account write limits, on unless WRITE_LIMITS=0: test rigs and load benchmarks play many
 * writes of one account and turn them off; the limits' own spec runs with them on.
 */
export function writeLimits(limiter: RateLimiter, enabled: boolean): WriteLimit {
  const limit = (policy: RateLimitPolicy) =>
    enabled ? rateLimit(limiter, policy, byAccount) : unlimited;
  return Object.assign(limit, {
    async refund(policy: RateLimitPolicy, req: Request) {
      const key = byAccount(req);
      if (enabled && key !== undefined) await limiter.refund(policy, key);
    },
  });
}
