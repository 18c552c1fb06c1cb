/**
 * Test-only crash for the crash-fallback journey (web/e2e/crash.spec.ts). It throws during render
 * only when BOTH the localStorage flag below is 'armed' AND the URL has `?crash-test`. Nothing in
 * the app sets that flag, so a visitor can only reach the crash screen this way by arming it in
 * their own browser on purpose; it affects nobody else and exposes nothing.
 */
import { useState } from 'react';

export const CRASH_TEST_FLAG = 'whosright:e2e-crash-test';
export const CRASH_TEST_PARAM = 'crash-test';

function armed(): boolean {
  try {
    return (
      window.localStorage.getItem(CRASH_TEST_FLAG) === 'armed' &&
      new URLSearchParams(window.location.search).has(CRASH_TEST_PARAM)
    );
  } catch {
    return false;
  }
}

export function CrashTestTrigger() {
  const [shouldCrash] = useState(armed);
  if (shouldCrash) throw new Error('Deliberate render error (crash-fallback test)');
  return null;
}
