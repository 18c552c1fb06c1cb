import type { Sort } from './port';

/**
 * The sort with `_id` appended as the tie-breaker that makes keyset cursors exact. It follows the
 * direction of the last key so one index (declared fields + `_id`) serves the whole order.
 */
export function withIdTieBreaker(sort: Sort | undefined): Sort {
  const base = sort ?? [];
  if (base.some(([field]) => field === '_id')) return base;
  const direction = base.length ? base[base.length - 1]![1] : 1;
  return [...base, ['_id', direction] as const];
}
