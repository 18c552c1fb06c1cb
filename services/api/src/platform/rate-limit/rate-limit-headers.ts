import type { Response } from 'express';
import type { RateLimitState } from './rate-limiter';

/** The `RateLimit-Limit`, `-Remaining` and `-Reset` headers (IETF httpapi rate-limit fields). */
export function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  res.setHeader('RateLimit-Limit', String(state.limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, state.remaining)));
  res.setHeader('RateLimit-Reset', String(state.resetSeconds));
}
