/**
 * POST /api/admin/users/{id}/notes {text}: an admin's private note on a member. The answer (the
 * note with its author) goes to the top of the sheet's notes; a toast says how it went.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberHistory, MemberNote } from '@whosright/contracts/member-history/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { prependToLists } from '#web/lib/paged-cache.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export function useAddMemberNote(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<MemberNote>('POST', `/api/admin/users/${encodeURIComponent(memberId)}/notes`, {
        body: { text },
        schema: (s) => s.memberNoteSchema,
      }),
    onSuccess: (note) => {
      prependToLists(queryClient, adminKeys.memberNotes(memberId), note);
      queryClient.setQueryData<MemberHistory>(adminKeys.memberHistory(memberId), (history) =>
        history
          ? {
              ...history,
              notes: { ...history.notes, items: [note, ...history.notes.items] },
              counts: { ...history.counts, notes: history.counts.notes + 1 },
            }
          : history,
      );
      toast({ title: 'Success', description: 'Note added.' });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to add the note.'),
        variant: 'destructive',
      });
    },
  });
}
