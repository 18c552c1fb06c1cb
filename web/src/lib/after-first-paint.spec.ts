import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstPaint, hasPaintedFirstContent } from '#web/lib/after-first-paint.ts';

/** A browser that reports paints; `paint()` reports the first contentful one. */
function browserReportingPaints() {
  const observers = new Set<(names: string[]) => void>();
  let painted = false;
  class Observer {
    static supportedEntryTypes = ['paint'];
    constructor(
      private readonly callback: (list: { getEntriesByName(n: string): unknown[] }) => void,
    ) {}
    private readonly notify = (names: string[]) =>
      this.callback({ getEntriesByName: (n) => (names.includes(n) ? [{}] : []) });
    observe() {
      observers.add(this.notify);
    }
    disconnect() {
      observers.delete(this.notify);
    }
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name) => (painted && name === 'first-contentful-paint' ? [{}] : []) as PerformanceEntryList,
  );
  return {
    paint(name = 'first-contentful-paint') {
      painted = painted || name === 'first-contentful-paint';
      for (const notify of [...observers]) notify([name]);
    },
  };
}

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('when the browser reports no paints it runs at once', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const run = vi.fn();
    afterFirstPaint(run);
    expect(run).toHaveBeenCalledTimes(1);
    expect(hasPaintedFirstContent()).toBe(true);
  });

  it('when the page has not painted it waits for the first contentful paint, not any paint, and runs once', () => {
    const browser = browserReportingPaints();
    const run = vi.fn();
    afterFirstPaint(run);
    expect(hasPaintedFirstContent()).toBe(false);
    browser.paint('first-paint');
    expect(run).not.toHaveBeenCalled();
    browser.paint();
    browser.paint();
    expect(run).toHaveBeenCalledTimes(1);
    expect(hasPaintedFirstContent()).toBe(true);
    const later = vi.fn();
    afterFirstPaint(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('when a tab never paints it runs after the time limit, and a cancelled wait never runs', () => {
    vi.useFakeTimers();
    browserReportingPaints();
    const run = vi.fn();
    const cancelled = vi.fn();
    afterFirstPaint(run, 3_000);
    afterFirstPaint(cancelled, 3_000)();
    vi.advanceTimersByTime(2_999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
