/** GET /api/admin/users/{id}/history: a member's record, reports and notes (the side sheet). */
import { useQuery } from '@tanstack/react-query';
import type { MemberHistory } from '@whosright/contracts/member-history/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { errorStatus } from '#web/lib/error-message.ts';
import { shouldRetryQuery } from '#web/lib/query-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export function useMemberHistory(memberId: string | null) {
  return useQuery({
    queryKey: adminKeys.memberHistory(memberId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<MemberHistory>(
        'GET',
        `/api/admin/users/${encodeURIComponent(memberId ?? '')}/history`,
        { signal, schema: (s) => s.memberHistorySchema },
      ),
    enabled: memberId !== null,
    // A member who is gone (their account deleted) does not come back: no retry.
    retry: (failures, error) => errorStatus(error) !== 404 && shouldRetryQuery(failures, error),
    // Always the latest: the sheet is opened to check what just happened.
    staleTime: 0,
  });
}
