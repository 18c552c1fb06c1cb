/** POST /api/auth/verify-email: the mailed link's token proves the address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@whosright/contracts/account/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { authKeys } from '#web/features/auth/api/auth-keys.ts';

/**
 * One request per link while the page lives: the server refuses a link once used, so a screen
 * that mounts again (the signed-in user refreshed after verifying) gets the first answer, not a
 * "link invalid" for the second. A failed request may be tried again.
 */
const verifications = new Map<string, Promise<VerifyEmailResponse>>();

export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  const known = verifications.get(token);
  if (known) return known;
  const verification = apiRequest('POST', '/api/auth/verify-email', {
    body: { token },
    schema: (s) => s.verifyEmailResponseSchema,
  });
  verifications.set(token, verification);
  verification.catch(() => verifications.delete(token));
  return verification;
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
