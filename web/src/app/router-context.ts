import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader gets from the router (TanStack Router context). */
export interface RouterContext {
  queryClient: QueryClient;
}
