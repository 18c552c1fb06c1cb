/** GET /api/stories/{id}/vote: `{vote}` or null (visitors always null). Fresh for 5 minutes. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_FRESHNESS_MS } from '@whosright/contracts/shared/constants';
import type { VoteChoice } from '@whosright/contracts/story/events';

import { apiRequest } from '#web/lib/api-client.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';

export async function getMyVote(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VoteChoice | null> {
  const answer = await apiRequest('GET', `/api/stories/${encodeURIComponent(id)}/vote`, {
    signal,
    schema: (s) => s.myVoteSchema,
  });
  return answer?.vote ?? null;
}

export const myVoteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storyKeys.vote(id),
    queryFn: ({ signal }) => getMyVote(id, { signal }),
    staleTime: QUERY_FRESHNESS_MS.storyVote,
  });

export function useMyVote(id: string, enabled = true) {
  return useQuery({ ...myVoteQueryOptions(id), enabled });
}
