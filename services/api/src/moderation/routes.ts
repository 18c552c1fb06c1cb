import type { Router } from 'express';
import { moderationLogQuerySchema } from '@whosright/contracts/moderation/dto';
import type { ModerationLogQueries } from '@whosright/projections/moderation-log/queries';
import { adminUser } from '#api/platform/auth';
import { toPage } from '#api/platform/page';

/** The admin panel's Moderation Log tab: who did what to which story, comment or account, and why. */
export function moderationRoutes(router: Router, log: ModerationLogQueries): void {
  router.get('/admin/moderation-log', async (req, res) => {
    adminUser(req);
    const page = await log.page(moderationLogQuerySchema.parse(req.query));
    res.json(toPage(page));
  });
}
