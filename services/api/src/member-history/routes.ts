import type { Router } from 'express';
import { userIdParamsSchema } from '@whosright/contracts/account/dto';
import {
  addMemberNoteRequestSchema,
  type MemberHistory,
  type MemberNote,
} from '@whosright/contracts/member-history/dto';
import { actorOf, adminUser } from '#api/platform/auth';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { MemberHistoryService } from './member-history-service';

/** The admin panel's history sheet of one member, and admins' private notes on them. */
export function memberHistoryRoutes(
  router: Router,
  history: MemberHistoryService,
  limit: WriteLimit,
): void {
  router.get('/admin/users/:id/history', async (req, res) => {
    adminUser(req);
    const { id } = userIdParamsSchema.parse(req.params);
    const body: MemberHistory = await history.history(id);
    res.json(body);
  });

  router.post(
    '/admin/users/:id/notes',
    limit(rateLimitPolicies.memberNotesPerAccount),
    async (req, res) => {
      const admin = adminUser(req);
      const { id } = userIdParamsSchema.parse(req.params);
      const { text } = addMemberNoteRequestSchema.parse(req.body);
      const noteId = await history.addNote(id, admin, text, actorOf(req));
      const body: MemberNote = await history.note(id, noteId);
      res.status(201).json(body);
    },
  );
}
