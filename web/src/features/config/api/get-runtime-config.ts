/** GET /api/config: what the app learns at run time (analytics id, ads client, sign-in label). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RuntimeConfig } from '@whosright/contracts/platform/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { takeInlinedAnswer } from '#web/lib/inlined-answers.ts';
import { boolean, nullable, object, string } from '#web/lib/shape.ts';
import { configKeys } from '#web/features/config/api/config-keys.ts';

const runtimeConfigShape = object<RuntimeConfig>({
  productName: string,
  publicUrl: string,
  analyticsId: nullable(string),
  adsClient: nullable(string),
  externalSignIn: object<RuntimeConfig['externalSignIn']>({ enabled: boolean, label: string }),
});

export function getRuntimeConfig({
  signal,
}: { signal?: AbortSignal } = {}): Promise<RuntimeConfig> {
  return apiRequest('GET', '/api/config', { signal, shape: runtimeConfigShape });
}

export const runtimeConfigQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.runtime(),
    queryFn: ({ signal }) => getRuntimeConfig({ signal }),
    // Every page carries it (the same for everyone): read once, no call at start.
    initialData: () => takeInlinedAnswer('/api/config', runtimeConfigShape),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRuntimeConfig() {
  return useQuery(runtimeConfigQueryOptions());
}
