/** GET /api/admin/insights?days=30|90: the Insights tab's figures. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Insights } from '@whosright/contracts/insights/dto';

import { adminKeys } from '#web/features/admin/api/admin-keys.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function useInsights(days: 30 | 90) {
  return useQuery({
    queryKey: adminKeys.insights(days),
    queryFn: ({ signal }) =>
      apiRequest<Insights>('GET', `/api/admin/insights?days=${days}`, {
        signal,
        schema: (s) => s.insightsSchema,
      }),
    placeholderData: keepPreviousData,
  });
}
