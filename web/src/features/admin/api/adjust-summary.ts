/** The admin summary's cards, moved before the server answers (use-admin-action.ts). */
import type { QueryClient } from '@tanstack/react-query';
import type { AdminSummary } from '@whosright/contracts/account/dto';

import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

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
