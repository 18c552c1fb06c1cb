/** The admin panel's lists, each in cursor pages. */
import type { CurrentUser } from '@whosright/contracts/account/dto';
import type { FlaggedComment } from '@whosright/contracts/comment/dto';
import type { ModerationLogEntry } from '@whosright/contracts/moderation/dto';
import type { ReportedTarget } from '@whosright/contracts/report/dto';
import type { AdminStory } from '@whosright/contracts/story/dto';

import {
  adminKeys,
  type ModerationLogFilters,
  type UserFilter,
} from '#web/features/admin/api/admin-keys.ts';
import { usePagedQuery } from '#web/lib/use-paged-query.ts';

/** GET /api/admin/stories: the pending queue, oldest first. */
export function usePendingStories() {
  return usePagedQuery<AdminStory>({
    queryKey: adminKeys.pending(),
    path: '/api/admin/stories',
    schema: (s) => s.adminStoryPageSchema,
  });
}

/** Admins cannot be banned, so Admins, Members and Banned split the accounts between them. */
const USER_FILTER_PARAMS: Record<UserFilter, { role?: string; status?: string }> = {
  all: {},
  admins: { role: 'admin' },
  members: { role: 'user', status: 'active' },
  banned: { status: 'banned' },
};

/**
 * GET /api/admin/users?q=&role=&status=: newest first, or those whose e-mail, username or name
 * starts so, of every account or one filter's.
 */
export function useAdminUsers(search: string, filter: UserFilter) {
  return usePagedQuery<CurrentUser>({
    queryKey: adminKeys.users(search, filter),
    path: '/api/admin/users',
    params: { q: search || undefined, ...USER_FILTER_PARAMS[filter] },
    schema: (s) => s.adminUserPageSchema,
    keepPrevious: true,
  });
}

/** GET /api/admin/users?role=admin: who the moderation log can be filtered by. */
export function useAdmins() {
  return usePagedQuery<CurrentUser>({
    queryKey: adminKeys.admins(),
    path: '/api/admin/users',
    params: { role: 'admin', limit: '50' },
    schema: (s) => s.adminUserPageSchema,
  });
}

/** GET /api/admin/flagged-comments: comments with many downvotes. */
export function useFlaggedComments() {
  return usePagedQuery<FlaggedComment>({
    queryKey: adminKeys.flagged(),
    path: '/api/admin/flagged-comments',
    schema: (s) => s.flaggedCommentPageSchema,
  });
}

/** GET /api/admin/reports?status=: reported stories and comments, open or closed. */
export function useReports(status: 'open' | 'closed') {
  return usePagedQuery<ReportedTarget>({
    queryKey: adminKeys.reports(status),
    path: '/api/admin/reports',
    params: { status },
    schema: (s) => s.reportedTargetsPageSchema,
  });
}

/** GET /api/admin/skipped-stories: the top 5% by skip rate. */
export function usePoorStories() {
  return usePagedQuery<AdminStory>({
    queryKey: adminKeys.poor(),
    path: '/api/admin/skipped-stories',
    schema: (s) => s.adminStoryPageSchema,
  });
}

/** GET /api/admin/moderation-log: newest first, by action and by admin. */
export function useModerationLog(filters: ModerationLogFilters) {
  return usePagedQuery<ModerationLogEntry>({
    queryKey: adminKeys.log(filters),
    path: '/api/admin/moderation-log',
    params: { action: filters.action, actor: filters.actor },
    schema: (s) => s.moderationLogPageSchema,
  });
}
