import type { Request } from 'express';
import { ValidationError } from '../errors';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that was stored for the key, not produced by this request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1 to 255 printable ASCII characters (a UUID is the usual choice). */
const WELL_FORMED = /^[\x20-\x7e]{1,255}$/;

/** The request's Idempotency-Key, or undefined without one; a malformed key is a 400. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !WELL_FORMED.test(key))
    throw new ValidationError(
      'The Idempotency-Key header must be 1 to 255 printable ASCII characters',
      [{ path: IDEMPOTENCY_KEY_HEADER, message: 'Send 1 to 255 printable ASCII characters' }],
    );
  return key;
}
