import type { CursorPage } from '@whosright/contracts/shared/page';
import type { Page } from '@whosright/projections/store/port';

/**
 * A read model's page as the API answers it: each item mapped to its view, and the read model's
 * `next` (absent on the last page) as `nextCursor` (null there), so every list says "no more"
 * the same way.
 */
export function toPage<T>(page: Page<T>): CursorPage<T>;
export function toPage<T, V>(page: Page<T>, view: (item: T) => V): CursorPage<V>;
export function toPage<T, V>(page: Page<T>, view?: (item: T) => V): CursorPage<T | V> {
  return {
    items: view ? page.items.map((item) => view(item)) : page.items,
    nextCursor: page.next ?? null,
  };
}
