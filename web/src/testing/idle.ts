/**
 * The browser's idle callbacks, for specs: `stubIdle()` collects what the page asks to run when
 * idle (`requestIdleCallback`) and returns `runIdle()`, which runs it as an idle browser would.
 * vitest's `unstubGlobals` removes the stub before the next spec (not in an `afterEach`: the
 * page's cleanup, after the spec's own hooks, still cancels what it asked for).
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export function stubIdle(): { runIdle: () => void; requested: () => number } {
  const pending = new Map<number, () => void>();
  let next = 0;
  let requested = 0;
  vi.stubGlobal('requestIdleCallback', (run: () => void) => {
    next += 1;
    requested += 1;
    pending.set(next, run);
    return next;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => pending.delete(handle));
  return {
    runIdle: () =>
      act(() => {
        const runs = [...pending.values()];
        pending.clear();
        for (const run of runs) run();
      }),
    requested: () => requested,
  };
}
