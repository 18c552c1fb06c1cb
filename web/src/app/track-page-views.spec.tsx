import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';

import { trackPageViews } from '#web/app/track-page-views.ts';

function makeRouter() {
  const root = createRootRoute();
  const routes = ['/', '/privacy'].map((path) => createRoute({ getParentRoute: () => root, path }));
  return createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
}

describe('trackPageViews', () => {
  it('when the first page loads and the route changes it reports a page view each time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = makeRouter();
    const pageView = vi.fn();
    trackPageViews(router, { pageView });

    await router.load();
    await vi.advanceTimersByTimeAsync(1);
    await router.navigate({ to: '/privacy' });
    await vi.advanceTimersByTimeAsync(1);

    expect(pageView.mock.calls.map(([view]) => (view as { path: string }).path)).toEqual([
      '/',
      '/privacy',
    ]);
  });
});
