/**
 * GET /api/auth/user: no retry; a 401 means "signed out" (null), not an error. Signed in = the call
 * returned a user. The body is parsed with the account DTO. Without the signed-in hint cookie there
 * is no session to ask about: a visitor's page makes no call that answers 401 (which browsers log
 * as an error); a 401 forgets a stale hint.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { currentUserShape } from '#web/features/auth/api/current-user-shape.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { forgetSignedInHint, hasSignedInHint } from '#web/lib/signed-in-hint.ts';
import { authKeys } from '#web/features/auth/api/auth-keys.ts';

export async function getCurrentUser({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await apiRequest('GET', '/api/auth/user', {
      signal,
      shape: currentUserShape,
    });
  } catch (error) {
    if (isUnauthorized(error)) {
      forgetSignedInHint();
      return null;
    }
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    // Without the hint the answer is known at once: a visitor's first render is a visitor's.
    initialData: () => (hasSignedInHint() ? undefined : null),
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
