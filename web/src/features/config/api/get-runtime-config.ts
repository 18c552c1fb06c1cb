/** GET /api/config: what the app learns at run time (analytics id, ads client, sign-in label). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RuntimeConfig } from '@whosright/contracts/platform/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { configKeys } from '#web/features/config/api/config-keys.ts';

export function getRuntimeConfig({
  signal,
}: { signal?: AbortSignal } = {}): Promise<RuntimeConfig> {
  return apiRequest('GET', '/api/config', { signal, schema: (s) => s.runtimeConfigSchema });
}

export const runtimeConfigQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.runtime(),
    queryFn: ({ signal }) => getRuntimeConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRuntimeConfig() {
  return useQuery(runtimeConfigQueryOptions());
}
