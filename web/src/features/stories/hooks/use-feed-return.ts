/**
 * "Back to stories" works like the browser's Back: the feed is where the reader left it, in the
 * same order and category (in its URL) and at the same scroll position. The feed remembers its
 * place in the history; a story screen reached from it (through any number of Next and Skip)
 * goes back that many entries, so the router restores the feed's scroll as Back does. Opened
 * any other way (a shared link, a new tab), it links to the last feed seen, else to `/`.
 */
import { useEffect } from 'react';
import { useLocation, useRouter } from '@tanstack/react-router';

interface FeedPlace {
  href: string;
  index: number;
}

let lastFeed: FeedPlace | null = null;

const indexOf = (state: unknown): number | undefined => {
  const index = (state as { __TSR_index?: unknown } | null)?.__TSR_index;
  return typeof index === 'number' ? index : undefined;
};

/** The feed calls this: its URL (order, category) and its entry in the history. */
export function useRememberFeedPlace() {
  const location = useLocation();
  useEffect(() => {
    // While leaving, the feed renders once more with the next page's location: not the feed's.
    if (location.pathname !== '/') return;
    const index = indexOf(location.state);
    if (index !== undefined) lastFeed = { href: location.href, index };
  }, [location.pathname, location.href, location.state]);
}

/** Where "Back to stories" goes (`href`), and `go`: back through the history when the feed is there. */
export function useBackToFeed(): { href: string; go: () => void } {
  const router = useRouter();
  const href = lastFeed?.href ?? '/';
  const go = () => {
    const current = indexOf(router.history.location.state);
    const steps = lastFeed && current !== undefined ? current - lastFeed.index : 0;
    if (steps > 0) router.history.go(-steps);
    else void router.navigate({ href });
  };
  return { href, go };
}

/** Test helper. */
export function forgetFeedPlace() {
  lastFeed = null;
}
