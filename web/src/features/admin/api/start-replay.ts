/**
 * POST /api/admin/replays {until}: the server builds the ranking as it stood then, as a job; the
 * answer (202) is the job, the kept one when that minute was asked for within the hour.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplayJob } from '@whosright/contracts/story/ranking-dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export function useStartReplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (until: string) =>
      apiRequest<ReplayJob>('POST', '/api/admin/replays', {
        body: { until },
        schema: (s) => s.replayJobSchema,
      }),
    onSuccess: (job) => queryClient.setQueryData(adminKeys.replay(job.id), job),
  });
}
