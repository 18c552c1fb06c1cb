/**
 * POST /api/auth/login and POST /api/auth/register: both answer the current user and start a
 * session. A new identity makes every other cached answer stale (my vote, isOwn on comments): the
 * user is put in place and everything else is invalidated before the app goes to /.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginRequest } from '@whosright/contracts/account/dto';

import { currentUserShape } from '#web/features/auth/api/current-user-shape.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { authKeys } from '#web/features/auth/api/auth-keys.ts';

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string | null;
}

export function login(body: LoginRequest): Promise<CurrentUser> {
  return apiRequest('POST', '/api/auth/login', { body, shape: currentUserShape });
}

export function register(body: RegisterInput): Promise<CurrentUser> {
  return apiRequest('POST', '/api/auth/register', { body, shape: currentUserShape });
}

function signedIn(queryClient: QueryClient, user: CurrentUser) {
  queryClient.setQueryData(authKeys.user(), user);
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== authKeys.all[0],
  });
}

// A 401 here is "wrong password", not "session expired": the form shows it, no redirect.
const meta = { onUnauthorized: 'ignore' } as const;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta,
    onSuccess: (user) => signedIn(queryClient, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    meta,
    onSuccess: (user) => signedIn(queryClient, user),
  });
}
