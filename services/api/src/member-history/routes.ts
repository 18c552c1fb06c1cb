import type { Router } from 'express';
import { userIdParamsSchema } from '@whosright/contracts/account/dto';
import {
  addMemberNoteRequestSchema,
  type MemberHistory,
  type MemberNote,
  type MemberNotesPage,
} from '@whosright/contracts/member-history/dto';
import { pageQuerySchema } from '@whosright/contracts/shared/page';
import { actorOf, adminUser } from '#api/platform/auth';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { MemberHistoryService } from './member-history-service';

/**
 * The admin panel's history sheet of one member (with the first page of the notes), the notes a
 * page at a time, and admins' private notes added.
 */
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

  router.get('/admin/users/:id/notes', async (req, res) => {
    adminUser(req);
    const { id } = userIdParamsSchema.parse(req.params);
    const page = pageQuerySchema.parse(req.query);
    const body: MemberNotesPage = await history.notesPage(id, page);
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
