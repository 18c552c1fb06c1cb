/**
 * PATCH /api/admin/users/{id}/ban|unban|promote|demote {reason?}: the user's badges change at
 * once in every user list, then show the account as the server answers it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AdminUserAction, CurrentUser } from '@whosright/contracts/account/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';
import { patchInLists } from '#web/lib/paged-cache.ts';
import { useAdminAction } from '#web/features/admin/api/use-admin-action.ts';

const EXPECTED: Record<AdminUserAction, Partial<CurrentUser>> = {
  ban: { status: 'banned' },
  unban: { status: 'active' },
  promote: { role: 'admin' },
  demote: { role: 'user' },
};

const DONE: Record<AdminUserAction, string> = {
  ban: 'User has been banned from the platform.',
  unban: 'User has been unbanned from the platform.',
  promote: 'User has been promoted to admin.',
  demote: 'User has been demoted to regular user.',
};

interface UserChange {
  id: string;
  action: AdminUserAction;
  reason?: string | undefined;
}

function editUsers(queryClient: QueryClient, id: string, patch: Partial<CurrentUser>) {
  patchInLists<CurrentUser>(queryClient, adminKeys.usersAll(), id, patch);
  patchInLists<CurrentUser>(queryClient, adminKeys.admins(), id, patch);
}

export function useChangeUser() {
  return useAdminAction<UserChange, CurrentUser>({
    run: ({ id, action, reason }) =>
      apiRequest<CurrentUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}/${action}`, {
        body: reason ? { reason } : undefined,
        schema: (s) => s.currentUserSchema,
      }),
    apply: (queryClient, { id, action }) => editUsers(queryClient, id, EXPECTED[action]),
    settle: (queryClient, user) => {
      editUsers(queryClient, user.id, user);
      // A promotion adds to the admins the moderation log filters by; a demotion takes away.
      void queryClient.invalidateQueries({ queryKey: adminKeys.admins() });
    },
    done: ({ action }) => DONE[action],
    failed: ({ action }) => `Failed to ${action} user.`,
  });
}
