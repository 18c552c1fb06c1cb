/**
 * Renders a piece of UI inside the providers the app uses (react-query, tooltips, toaster) and
 * a small memory router with the paths the shared UI links to, so <Link> works in tests.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';

import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { setNavigator } from '#web/lib/navigation.ts';
import { createQueryClient } from '#web/lib/query-client.ts';

const otherPaths = [
  '/privacy',
  '/login',
  '/profile',
  '/dashboard',
  '/admin',
  '/story/$id',
  '/search',
] as const;

export function renderWithApp(
  ui: ReactNode,
  {
    path = '/',
    queryClient = createQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const routes = ['/', ...otherPaths].map((p) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: p,
      component: () => <div data-testid="page">{p}</div>,
    }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  setNavigator((to) => router.history.push(to));

  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** The URL a fetch was asked for, whichever form it came in. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * A fetch stub answering by "METHOD /path"; unknown calls get a JSON 404. Each call is recorded
 * with its body as text ('' without one): the api client sends JSON text.
 */
export function stubFetch(
  routes: Record<string, { status?: number; body?: unknown } | (() => Response)>,
) {
  const calls: Array<{ method: string; url: string; body: string }> = [];
  const fetchStub = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = requestUrl(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: typeof init?.body === 'string' ? init.body : '' });
    const handler = routes[`${method} ${new URL(url, 'http://local').pathname}`];
    if (typeof handler === 'function') return Promise.resolve(handler());
    const status = handler?.status ?? (handler ? 200 : 404);
    const body = handler ? handler.body : { message: 'Not found', code: 'not_found' };
    return Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch: fetchStub, calls };
}

export const unauthorizedResponse = {
  status: 401,
  body: { message: 'Unauthorized', code: 'unauthorized' },
};
