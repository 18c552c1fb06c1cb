import type { RequestHandler } from 'express';
import type { RateLimitPolicy } from './policies';
import { byAccount, rateLimit } from './rate-limit-middleware';
import type { RateLimiter } from './rate-limiter';

/** Middleware limiting one kind of write per account (`policies.ts`). */
export type WriteLimit = (policy: RateLimitPolicy) => RequestHandler;

const unlimited: RequestHandler = (_req, _res, next) => next();

/**
 * Per-account write limits, on unless WRITE_LIMITS=0: test rigs and load benchmarks play many
 * writes of one account and turn them off; the limits' own spec runs with them on.
 */
export function writeLimits(limiter: RateLimiter, enabled: boolean): WriteLimit {
  return (policy) => (enabled ? rateLimit(limiter, policy, byAccount) : unlimited);
}
