import type { Request } from 'express';
import { authOf } from '../auth';
import type { Visitors } from '../visitor';

/**
 * Whose Idempotency-Keys a request uses: the signed-in member's, else the visitor cookie's, else
 * (a first anonymous write, a sign-in) the client address's, as a keyed hash. One caller's key
 * never answers another's request.
 */
export function idempotencyCallerOf(visitors: Visitors): (req: Request) => string {
  return (req) => {
    const user = authOf(req).user;
    if (user) return `user:${user._id}`;
    const visitorId = visitors.existingIdOf(req);
    return visitorId ? `visitor:${visitorId}` : `address:${visitors.addressKeyOf(req)}`;
  };
}
