import type { Router } from 'express';
import {
  heldCommentParamsSchema,
  heldCommentsQuerySchema,
  type HeldCommentsPage,
} from '@whosright/contracts/automod/dto';
import { reasonBodySchema } from '@whosright/contracts/shared/moderation';
import { actorOf, adminUser } from '#api/platform/auth';
import type { HeldComments } from './held-comments';

/** Admins list the comments automod rules held, and approve or delete each. */
export function heldCommentRoutes(router: Router, held: HeldComments): void {
  router.get('/admin/comments/held', async (req, res) => {
    adminUser(req);
    const body: HeldCommentsPage = await held.page(heldCommentsQuerySchema.parse(req.query));
    res.json(body);
  });

  router.post('/admin/comments/held/:id/approve', async (req, res) => {
    const admin = adminUser(req);
    const { id } = heldCommentParamsSchema.parse(req.params);
    await held.approve(id, admin, actorOf(req));
    res.status(204).end();
  });

  router.delete('/admin/comments/held/:id', async (req, res) => {
    const admin = adminUser(req);
    const { id } = heldCommentParamsSchema.parse(req.params);
    const { reason } = reasonBodySchema.parse(req.body);
    await held.delete(id, admin, reason, actorOf(req));
    res.status(204).end();
  });
}
