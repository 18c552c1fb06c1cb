/**
 * POST /api/users/me/delete-request: mails a link that confirms deleting the account, for accounts
 * that sign in without a password (3 an hour).
 */
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '#web/lib/api-client.ts';

export function useRequestDeletionLink() {
  return useMutation({
    mutationFn: () => apiRequest<{ sent: true }>('POST', '/api/users/me/delete-request'),
  });
}
