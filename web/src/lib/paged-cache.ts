/**
 * Precise edits of cached paged lists, so an addition, a removal or a change shows at once
 * (profile, admin).
 */
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

import type { Page } from '#web/lib/use-paged-query.ts';

type Pages<T> = InfiniteData<Page<T>>;

function editItems<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  edit: (items: T[]) => T[],
) {
  queryClient.setQueriesData<Pages<T>>({ queryKey }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: edit(page.items) })) }
      : data,
  );
}

/** Takes the item out of every list under `queryKey`. */
export function removeFromLists(queryClient: QueryClient, queryKey: QueryKey, id: string) {
  editItems<{ id: string }>(queryClient, queryKey, (items) =>
    items.filter((item) => item.id !== id),
  );
}

/** Changes the item wherever a list under `queryKey` shows it. */
export function patchInLists<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  id: string,
  patch: Partial<T>,
) {
  editItems<T>(queryClient, queryKey, (items) =>
    items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
  );
}

/** Puts a new item at the top of every list under `queryKey` (lists sorted newest first). */
export function prependToLists<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  item: T,
) {
  queryClient.setQueriesData<Pages<T>>({ queryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, i) =>
            i === 0 ? { ...page, items: [item, ...page.items] } : page,
          ),
        }
      : data,
  );
}
