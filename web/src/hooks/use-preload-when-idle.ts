/**
 * Loads a lazily split chunk once the page is idle after it rendered, so the first tap on what
 * it holds (a dialog, a menu, a sheet) does not wait for the network. It never runs during the
 * first load: the browser calls it when it has nothing else to do (or after `timeoutMs` at the
 * latest), and a chunk that already loaded costs nothing to ask for again.
 */
import { useEffect } from 'react';

const FALLBACK_DELAY_MS = 1_500;

export function preloadWhenIdle(load: () => Promise<unknown>, timeoutMs = 4_000): () => void {
  const run = () => void load().catch(() => undefined); // a failed preload loads again on use
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}

/** `preloadWhenIdle` while `enabled` (e.g. only for a visitor, who may need the sign-in sheet). */
export function usePreloadWhenIdle(load: () => Promise<unknown>, enabled = true): void {
  useEffect(() => (enabled ? preloadWhenIdle(load) : undefined), [load, enabled]);
}
