import type { AnyRouter } from '@tanstack/react-router';

import type { Analytics } from '#web/lib/analytics.ts';

/**
 * Reports a page view for the first page and every route change whose URL changed. The title
 * is read on the next tick, after the new route has rendered its <title>.
 */
export function trackPageViews(router: AnyRouter, target: Pick<Analytics, 'pageView'>) {
  return router.subscribe('onResolved', ({ toLocation, hrefChanged }) => {
    if (!hrefChanged) return;
    setTimeout(() => {
      target.pageView({
        path: toLocation.href,
        location: window.location.href,
        title: document.title,
      });
    }, 0);
  });
}
