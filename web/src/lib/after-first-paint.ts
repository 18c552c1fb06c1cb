/**
 * Runs `run` once the page has shown its first content (at once if it has, or where the browser
 * does not report paints), so code and data that first screen does not draw never compete with
 * what it does on a slow phone's first load. A tab opened in the background may never paint: it
 * runs after `timeoutMs` at the latest. Returns a cancel.
 */
const FIRST_CONTENT = 'first-contentful-paint';

/** Whether `afterFirstPaint` would run at once. */
export const hasPaintedFirstContent = () =>
  !globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint') ||
  performance.getEntriesByName(FIRST_CONTENT).length > 0;

export function afterFirstPaint(run: () => void, timeoutMs = 3_000): () => void {
  if (hasPaintedFirstContent()) {
    run();
    return () => undefined;
  }
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(FIRST_CONTENT).length > 0) {
      stop();
      run();
    }
  });
  observer.observe({ type: 'paint' });
  const timer = setTimeout(() => {
    stop();
    run();
  }, timeoutMs);
  return stop;
}
