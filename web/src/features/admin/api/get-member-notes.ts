/**
 * GET /api/admin/users/{id}/notes?cursor=: the notes on a member, newest first, a page at a
 * time. The history answer carries the first page; only the next ones are asked for.
 */
import type { MemberNote, MemberNotesPage } from '@whosright/contracts/member-history/dto';

import { usePagedQuery } from '#web/lib/use-paged-query.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export function useMemberNotes(memberId: string, firstPage: MemberNotesPage) {
  return usePagedQuery<MemberNote>({
    queryKey: adminKeys.memberNotes(memberId),
    path: `/api/admin/users/${encodeURIComponent(memberId)}/notes`,
    schema: (s) => s.memberNotesPageSchema,
    firstPage,
  });
}
