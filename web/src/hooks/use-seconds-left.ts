import { useEffect, useState } from 'react';

const secondsUntil = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/**
 * Whole seconds left until `until` (epoch ms), rounded up and ticking down each second; 0 once it
 * has passed, and with no `until`.
 */
export function useSecondsLeft(until: number | null): number {
  const [, tick] = useState(0);
  const left = until === null ? 0 : secondsUntil(until);
  useEffect(() => {
    if (until === null || left === 0) return;
    // Wake when the rounded figure changes, not on a free-running second.
    const timer = setTimeout(() => tick((n) => n + 1), (until - Date.now()) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [until, left]);
  return left;
}
