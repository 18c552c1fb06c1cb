/**
 * GET /api/admin/stories/poor/dry-run?topFraction=&minViews=[&replay=]: which stories another
 * rule would add to the Poor Performing list or drop from it, today or at a replay's moment.
 * Nothing changes on the server.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DryRun } from '@whosright/contracts/story/ranking-dto';
import type { RankingRule } from '@whosright/contracts/story/ranking-rule';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export function useDryRun(rule: RankingRule, replay: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.dryRun(rule, replay),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        topFraction: String(rule.topFraction),
        minViews: String(rule.minViews),
      });
      if (replay) params.set('replay', replay);
      return apiRequest<DryRun>('GET', `/api/admin/stories/poor/dry-run?${params}`, {
        signal,
        schema: (s) => s.dryRunResponseSchema,
      });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
