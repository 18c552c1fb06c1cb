import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';

import { CrashScreen } from '#web/components/errors/crash-screen.tsx';
import { NotFoundScreen } from '#web/components/errors/not-found-screen.tsx';
import { routeTree } from '#web/route-tree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Let react-query decide freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: CrashScreen,
    defaultNotFoundComponent: NotFoundScreen,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
