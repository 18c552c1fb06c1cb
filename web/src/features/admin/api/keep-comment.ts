/**
 * PATCH /api/admin/comments/{id}/keep {reason?}: the flag is dismissed and the comment stays on
 * its story; it leaves the flagged list at once.
 */
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';
import { adjustSummary } from '#web/features/admin/api/adjust-summary.ts';
import { removeFromLists } from '#web/lib/paged-cache.ts';
import { useAdminAction } from '#web/features/admin/api/use-admin-action.ts';

export function useKeepFlaggedComment() {
  return useAdminAction<{ id: string; reason?: string | undefined }, void>({
    run: ({ id, reason }) =>
      apiRequest<void>('PATCH', `/api/admin/comments/${encodeURIComponent(id)}/keep`, {
        body: reason ? { reason } : undefined,
      }),
    apply: (queryClient, { id }) => {
      removeFromLists(queryClient, adminKeys.flagged(), id);
      adjustSummary(queryClient, { flaggedComments: -1 });
    },
    done: () => 'Comment has been kept; its flag is dismissed.',
    failed: () => 'Failed to keep comment.',
  });
}
