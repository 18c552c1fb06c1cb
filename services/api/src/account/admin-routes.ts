import type { Router } from 'express';
import {
  ADMIN_USER_ACTIONS,
  adminUserActionRequestSchema,
  adminUsersQuerySchema,
  userIdParamsSchema,
  type AdminSummary,
} from '@whosright/contracts/account/dto';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import type { ReportQueries } from '@whosright/projections/reports/queries';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { UserSearchQueries } from '@whosright/projections/user-search/queries';
import type { UserQueries } from '@whosright/projections/users/queries';
import { actorOf, adminUser } from '#api/platform/auth';
import { toPage } from '#api/platform/page';
import type { AccountUseCases } from './account-use-cases';
import { toCurrentUser } from './current-user';

export interface AdminRoutesDeps {
  accounts: AccountUseCases;
  users: UserQueries;
  search: UserSearchQueries;
  stories: StoryQueries;
  comments: CommentQueries;
  reports: Pick<ReportQueries, 'openCount'>;
}

/** The admin panel's user management and summary cards. */
export function adminRoutes(router: Router, deps: AdminRoutesDeps): void {
  router.get('/admin/summary', async (req, res) => {
    adminUser(req);
    const [pendingStories, totalUsers, flaggedComments, poorStories, openReports] =
      await Promise.all([
        deps.stories.pendingCount(),
        deps.users.count(),
        deps.comments.flaggedCount(),
        deps.stories.poorPerformersCount(),
        deps.reports.openCount(),
      ]);
    const summary: AdminSummary = {
      pendingStories,
      totalUsers,
      flaggedComments,
      poorStories,
      openReports,
    };
    res.json(summary);
  });

  router.get('/admin/users', async (req, res) => {
    adminUser(req);
    const { q, role, status, ...page } = adminUsersQuerySchema.parse(req.query);
    if (!q) {
      res.json(toPage(await deps.users.newestFirst({ ...page, role, status }), toCurrentUser));
      return;
    }
    const keys = await deps.search.startingWith(q, page);
    const users = new Map(
      (await deps.users.byIds(keys.items.map((k) => k.userId))).map((u) => [u._id, u]),
    );
    const ids = [...new Set(keys.items.map((k) => k.userId))];
    const items = ids.flatMap((id) => {
      const doc = users.get(id);
      // With a search the role and status narrow the page (it may come back shorter than the limit).
      const kept = doc && (!role || doc.role === role) && (!status || doc.status === status);
      return kept ? [toCurrentUser(doc)] : [];
    });
    res.json(toPage({ items, next: keys.next }));
  });

  for (const action of ADMIN_USER_ACTIONS) {
    router.patch(`/admin/users/:id/${action}`, async (req, res) => {
      const { id } = userIdParamsSchema.parse(req.params);
      adminUser(req);
      const { reason } = adminUserActionRequestSchema.parse(req.body);
      await deps.accounts.rolesAndBans.change(id, action, actorOf(req), reason);
      res.json(await deps.accounts.currentUser(id));
    });
  }
}
