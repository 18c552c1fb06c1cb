import { z } from 'zod';
import { PAGE_SIZE } from './constants';

const isScalar = (value: unknown) =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/**
 * A keyset cursor as the read-model store writes it: base64url of a JSON array of scalars (the
 * last item's sort values and id). Anything else is refused here, as bad input, before it
 * reaches a query; the store checks the length against the list's sort again.
 */
function isKeysetCursor(value: string): boolean {
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const parsed: unknown = JSON.parse(atob(padded));
    return (
      Array.isArray(parsed) && parsed.length >= 2 && parsed.length <= 4 && parsed.every(isScalar)
    );
  } catch {
    return false;
  }
}

export const cursorSchema = z
  .string()
  .max(500)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
  .refine(isKeysetCursor, 'Invalid cursor');

export const pageLimitSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(PAGE_SIZE.max)
  .default(PAGE_SIZE.default);

/** `?cursor=&limit=` of a list sorted on one field, newest first. */
export const pageQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list as the API answers it: its items and the next page's cursor, null on the last. */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** A page of a list: its items and the cursor of the next page, null on the last. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
