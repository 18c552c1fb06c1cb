/** GET /api/admin/replays/{id}: a replay's progress, then its ranking; polled while it runs. */
import { useQuery } from '@tanstack/react-query';
import type { ReplayJob } from '@whosright/contracts/story/ranking-dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

/** How often a running replay is asked for its progress. */
const REPLAY_POLL_MS = 500;

const underWay = (job: ReplayJob | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

export function useReplay(id: string | null) {
  return useQuery({
    queryKey: adminKeys.replay(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ReplayJob>('GET', `/api/admin/replays/${encodeURIComponent(id ?? '')}`, {
        signal,
        schema: (s) => s.replayJobSchema,
      }),
    enabled: id !== null,
    refetchInterval: (query) => (underWay(query.state.data) ? REPLAY_POLL_MS : false),
    // A finished replay does not change; a running one is polled above.
    staleTime: (query) => (underWay(query.state.data) ? 0 : Infinity),
  });
}
