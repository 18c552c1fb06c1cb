/**
 * POST /api/users/me/delete: deletes the account, confirmed by the password or by the code of the
 * mailed link. The server ends every session; the caller signs out locally.
 */
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '#web/lib/api-client.ts';

export type DeleteConfirmation = { password: string } | { token: string };

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmation: DeleteConfirmation) =>
      apiRequest<{ deleted: true }>('POST', '/api/users/me/delete', { body: confirmation }),
  });
}
