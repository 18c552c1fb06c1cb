/**
 * PATCH /api/admin/reports/{targetType}/{targetId} {action, reason?}: every open report on the
 * target is closed, dismissed or with the story hidden, the comment deleted or its author banned.
 * The target leaves the open list at once; the closed list and the lists the action changed
 * (pending stories, users, flagged comments) refetch.
 */
import type { ReportAction, ReportTargetType } from '@whosright/contracts/report/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';
import { adjustSummary } from '#web/features/admin/api/adjust-summary.ts';
import { removeFromLists } from '#web/lib/paged-cache.ts';
import { useAdminAction } from '#web/features/admin/api/use-admin-action.ts';

export interface CloseReports {
  /** The open case's id, as listed. */
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  action: ReportAction;
  reason?: string | undefined;
}

const DONE: Record<ReportAction, string> = {
  dismiss: 'Reports dismissed.',
  hide: 'Story hidden; its reports are closed.',
  delete: 'Comment deleted; its reports are closed.',
  ban: 'Author banned; the reports are closed.',
};

export function useCloseReports() {
  return useAdminAction<CloseReports, void>({
    run: ({ targetType, targetId, action, reason }) =>
      apiRequest<void>(
        'PATCH',
        `/api/admin/reports/${targetType}/${encodeURIComponent(targetId)}`,
        { body: reason ? { action, reason } : { action } },
      ),
    apply: (queryClient, { id }) => {
      removeFromLists(queryClient, adminKeys.reports('open'), id);
      adjustSummary(queryClient, { openReports: -1 });
    },
    settle: (queryClient) => {
      for (const queryKey of [
        adminKeys.reportsAll(),
        adminKeys.usersAll(),
        adminKeys.flagged(),
        adminKeys.poor(),
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
    done: ({ action }) => DONE[action],
    failed: () => 'Failed to close the reports.',
  });
}
