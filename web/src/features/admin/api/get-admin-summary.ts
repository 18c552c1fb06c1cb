/** GET /api/admin/summary: the four summary cards. */
import { useQuery } from '@tanstack/react-query';
import type { AdminSummary } from '@whosright/contracts/account/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export function useAdminSummary() {
  return useQuery({
    queryKey: adminKeys.summary(),
    queryFn: ({ signal }) =>
      apiRequest<AdminSummary>('GET', '/api/admin/summary', {
        signal,
        schema: (s) => s.adminSummarySchema,
      }),
  });
}
