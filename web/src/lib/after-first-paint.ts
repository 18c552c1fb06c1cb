/**
 * Runs `run` once the page has shown its first content (at once if it has, or where the browser
 * does not report paints), so code and data that first screen does not draw never compete with
 * what it does on a slow phone's first load. A tab opened in the background may never paint: it
 * runs after `timeoutMs` at the latest.
 */
const FIRST_CONTENT = 'first-contentful-paint';

const painted = () =>
  typeof performance.getEntriesByName !== 'function' ||
  performance.getEntriesByName(FIRST_CONTENT).length > 0;

const reportsPaints = () =>
  typeof PerformanceObserver === 'function' &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');

export function afterFirstPaint(run: () => void, timeoutMs = 3_000): () => void {
  if (painted() || !reportsPaints()) {
    run();
    return () => undefined;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    run();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(FIRST_CONTENT).length > 0) once();
  });
  observer.observe({ type: 'paint' });
  const timer = window.setTimeout(once, timeoutMs);
  return () => {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

/** Whether `afterFirstPaint` would run at once. */
export function hasPaintedFirstContent(): boolean {
  return painted() || !reportsPaints();
}
