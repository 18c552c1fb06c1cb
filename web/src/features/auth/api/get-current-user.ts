/**
 * GET /api/auth/user (SPEC.md sections 4 and 7): no retry; a 401 means "signed out" (null), not
 * an error. Signed in = the call returned a user.
 *
 * The response shape beyond presence is not specified; this accepts the user object itself or
 * `{ user }`, and only relies on `id`. Replace with the account DTO from contracts once it exists.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { authKeys } from '#web/features/auth/api/auth-keys.ts';

const text = z.string().nullish();

export const currentUserSchema = z.looseObject({
  id: z.string(),
  username: text,
  firstName: text,
  lastName: text,
  email: text,
  profileImageUrl: text,
  role: text,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

const currentUserResponseSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && 'user' in body ? (body as { user: unknown }).user : body,
  currentUserSchema.nullable(),
);

export async function getCurrentUser({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    const user = await apiRequest('GET', '/api/auth/user', { signal });
    return currentUserResponseSchema.parse(user ?? null);
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
