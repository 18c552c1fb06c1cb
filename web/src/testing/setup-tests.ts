import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { SIGNED_IN_HINT_COOKIE } from '@whosright/contracts/shared/constants';

import { skipQueue } from '#web/features/stories/api/skip-queue.ts';
import { resetToasts } from '#web/hooks/use-toast.ts';
import { clientRateLimiter } from '#web/lib/client-rate-limiter.ts';
import { resetInlinedAnswers } from '#web/lib/inlined-answers.ts';
import { resetUnauthorizedState } from '#web/lib/unauthorized.ts';

// A screen's first render loads its modules; on a loaded machine (two cores running suites side
// by side) that alone passed the 1 s default, and findBy failed on what did appear.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  // As after a sign-in: the app asks the server who is signed in (a 401 stub answers "nobody").
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
  clientRateLimiter.reset();
  skipQueue.reset();
  resetUnauthorizedState();
  resetInlinedAnswers();
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
});

// jsdom lacks the observers Radix measures with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Radix Select measures and scrolls; jsdom has neither.
if (typeof Element.prototype.scrollIntoView !== 'function')
  Element.prototype.scrollIntoView = () => {};
if (typeof Element.prototype.hasPointerCapture !== 'function')
  Element.prototype.hasPointerCapture = () => false;
if (typeof Element.prototype.releasePointerCapture !== 'function')
  Element.prototype.releasePointerCapture = () => {};
