/**
 * GET /api/admin/comments/held (longest waiting first); POST .../held/{id}/approve posts one for
 * everyone, DELETE .../held/{id} {reason?} deletes it. Either way it leaves the list at once.
 */
import type { HeldComment } from '@whosright/contracts/automod/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { removeFromLists } from '#web/lib/paged-cache.ts';
import { usePagedQuery } from '#web/lib/use-paged-query.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';
import { useAdminAction } from '#web/features/admin/api/use-admin-action.ts';

export function useHeldComments() {
  return usePagedQuery<HeldComment>({
    queryKey: adminKeys.held(),
    path: '/api/admin/comments/held',
    schema: (s) => s.heldCommentPageSchema,
  });
}

const heldPath = (id: string) => `/api/admin/comments/held/${encodeURIComponent(id)}`;

export function useApproveHeldComment() {
  return useAdminAction<{ id: string }, void>({
    run: ({ id }) => apiRequest<void>('POST', `${heldPath(id)}/approve`),
    apply: (queryClient, { id }) => removeFromLists(queryClient, adminKeys.held(), id),
    done: () => 'Comment approved; everyone can read it now.',
    failed: () => 'Failed to approve comment.',
  });
}

export function useDeleteHeldComment() {
  return useAdminAction<{ id: string; reason?: string | undefined }, void>({
    run: ({ id, reason }) =>
      apiRequest<void>('DELETE', heldPath(id), { body: reason ? { reason } : undefined }),
    apply: (queryClient, { id }) => removeFromLists(queryClient, adminKeys.held(), id),
    done: () => 'Held comment has been deleted.',
    failed: () => 'Failed to delete comment.',
  });
}
