/** POST /api/auth/forgot-password and POST /api/auth/reset-password. */
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '#web/lib/api-client.ts';

export function forgotPassword(body: { email: string }): Promise<unknown> {
  return apiRequest('POST', '/api/auth/forgot-password', { body });
}

export function resetPassword(body: { token: string; password: string }): Promise<unknown> {
  return apiRequest('POST', '/api/auth/reset-password', { body });
}

const meta = { onUnauthorized: 'ignore' } as const;

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta });
}
