/**
 * POST /api/admin/automod-rules/dry-run {rule}: the server tries the rule over the last 30 days as
 * a job (202, the job); GET /api/admin/automod-rules/dry-run/{id} is polled while it runs, like a
 * replay.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomodDryRunJob, AutomodRuleInput } from '@whosright/contracts/automod/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

const DRY_RUN_POLL_MS = 500;

const underWay = (job: AutomodDryRunJob | undefined) => job?.status === 'running';

export function useStartRuleDryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: AutomodRuleInput) =>
      apiRequest<AutomodDryRunJob>('POST', '/api/admin/automod-rules/dry-run', {
        body: { rule },
        schema: (s) => s.automodDryRunJobSchema,
      }),
    onSuccess: (job) => queryClient.setQueryData(adminKeys.ruleDryRun(job.id), job),
  });
}

export function useRuleDryRun(id: string | null) {
  return useQuery({
    queryKey: adminKeys.ruleDryRun(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<AutomodDryRunJob>(
        'GET',
        `/api/admin/automod-rules/dry-run/${encodeURIComponent(id ?? '')}`,
        { signal, schema: (s) => s.automodDryRunJobSchema },
      ),
    enabled: id !== null,
    refetchInterval: (query) => (underWay(query.state.data) ? DRY_RUN_POLL_MS : false),
    staleTime: (query) => (underWay(query.state.data) ? 0 : Infinity),
  });
}
