/**
 * TanStack Query defaults: fresh for 5 minutes, no refetch on focus, no polling; queries retry up
 * to 2 times unless rate limited; mutations never retry. A mutation answered 401 goes to the
 * unauthorized handler unless its meta says otherwise.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@whosright/contracts/shared/constants';

import { isRateLimited, isUnauthorized } from '#web/lib/api-client.ts';
import { handleUnauthorized, type LoginTarget } from '#web/lib/unauthorized.ts';

export interface AppQueryMeta extends Record<string, unknown> {
  /**
   * What a 401 does. Mutations default to 'redirect' (toast + /login after 500 ms); queries
   * default to 'ignore' (the screen decides). 'redirect-external' goes to /api/login.
   */
  onUnauthorized?: 'redirect' | 'redirect-external' | 'ignore';
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isRateLimited(error)) return false;
  return failureCount < QUERY_DEFAULTS.retries;
}

function unauthorizedTarget(
  meta: AppQueryMeta | undefined,
  fallback: 'redirect' | 'ignore',
): LoginTarget | null {
  const mode = meta?.onUnauthorized ?? fallback;
  if (mode === 'ignore') return null;
  return mode === 'redirect-external' ? '/api/login' : '/login';
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isUnauthorized(error)) return;
        const target = unauthorizedTarget(query.meta, 'ignore');
        if (target) handleUnauthorized(target);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!isUnauthorized(error)) return;
        const target = unauthorizedTarget(mutation.meta, 'redirect');
        if (target) handleUnauthorized(target);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
