/**
 * GET /api/auth/user (SPEC.md sections 4 and 7): no retry; a 401 means "signed out" (null), not
 * an error. Signed in = the call returned a user. The body is parsed with the account DTO.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { authKeys } from '#web/features/auth/api/auth-keys.ts';

export async function getCurrentUser({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    return await apiRequest('GET', '/api/auth/user', {
      signal,
      schema: (s) => s.currentUserSchema,
    });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    retry: false,
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return {
    user,
    isPending: query.isPending,
    isSignedIn: user !== null,
    isAdmin: user?.role === 'admin',
  };
}
