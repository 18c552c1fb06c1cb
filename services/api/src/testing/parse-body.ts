import type { z } from 'zod';

/**
 * A response body read through its contract schema (STYLE.md convention 2): the spec gets typed
 * fields instead of supertest's `any`, and a reply that drifts from the contract fails loudly.
 */
export function parseBody<T>(res: { body: unknown }, schema: z.ZodType<T>): T {
  return schema.parse(res.body);
}
