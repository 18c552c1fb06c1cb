/** POST /api/auth/verify-email: the mailed link's token proves the address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@whosright/contracts/account/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { authKeys } from '#web/features/auth/api/auth-keys.ts';

export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest('POST', '/api/auth/verify-email', {
    body: { token },
    schema: (s) => s.verifyEmailResponseSchema,
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The link works signed out too; a signed-in user's cached account is refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user() }),
    meta: { onUnauthorized: 'ignore' },
  });
}
