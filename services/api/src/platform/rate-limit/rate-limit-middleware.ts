import type { Request, RequestHandler } from 'express';
import { emailAndIpKey, emailKey, type RateLimitPolicy } from './policies';
import { authOf } from '../auth';
import { setRateLimitHeaders } from './rate-limit-headers';
import type { RateLimiter } from './rate-limiter';

/** Picks the key a request is counted under; undefined = not counted (the body check answers 400). */
export type RateLimitKey = (req: Request) => string | undefined;

/**
 * Express middleware: counts the request under `policy` and, once over, hands RateLimitedError
 * to the central error handler (429, `Rate limit exceeded...`, Retry-After). Put it after the
 * JSON body parser when the key reads the body.
 */
export function rateLimit(
  limiter: RateLimiter,
  policy: RateLimitPolicy,
  key: RateLimitKey,
): RequestHandler {
  return async (req, res, next) => {
    const value = key(req);
    if (value !== undefined) setRateLimitHeaders(res, await limiter.consume(policy, value));
    next();
  };
}

/** The signed-in account (writes are limited per account); visitors are not counted here. */
export const byAccount: RateLimitKey = (req) => authOf(req).user?._id;

/** The client IP as Express sees it (set `trust proxy` in the app when behind a proxy). */
export const byIp: RateLimitKey = (req) => req.ip ?? req.socket.remoteAddress;

const bodyEmail = (req: Request): string | undefined => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email : undefined;
};

export const byEmail: RateLimitKey = (req) => {
  const email = bodyEmail(req);
  return email === undefined ? undefined : emailKey(email);
};

export const byEmailAndIp: RateLimitKey = (req) => {
  const email = bodyEmail(req);
  const ip = byIp(req);
  return email === undefined || ip === undefined ? undefined : emailAndIpKey(email, ip);
};
