import { useEffect } from 'react';

import { useRuntimeConfig } from '#web/features/config/api/get-runtime-config.ts';
import { analytics } from '#web/lib/analytics.ts';

/** Turns analytics on once GET /api/config names an id; without one nothing is loaded. */
export function useRuntimeAnalytics() {
  const { data } = useRuntimeConfig();
  const analyticsId = data?.analyticsId ?? null;
  useEffect(() => {
    analytics.configure(analyticsId);
  }, [analyticsId]);
}
