/** Precise edits of the admin panel's cached lists and summary, so an action shows at once. */
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { AdminSummary } from '@whosright/contracts/account/dto';

import { adminKeys } from '#web/features/admin/api/admin-keys.ts';
import type { Page } from '#web/features/admin/api/paged-query.ts';

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

/** Moves the summary cards by the expected change (never below zero) until the server's answer. */
export function adjustSummary(queryClient: QueryClient, delta: Partial<AdminSummary>) {
  queryClient.setQueryData<AdminSummary>(adminKeys.summary(), (summary) => {
    if (!summary) return summary;
    const next = { ...summary };
    for (const [field, change] of Object.entries(delta) as Array<[keyof AdminSummary, number]>)
      next[field] = Math.max(0, next[field] + change);
    return next;
  });
}
