/** GET /api/users/stats: what the member has written and voted. */
import { useQuery } from '@tanstack/react-query';
import type { UserStatsView } from '@whosright/contracts/account/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { profileKeys } from '#web/features/profile/api/profile-keys.ts';

export function getProfileStats({ signal }: { signal?: AbortSignal } = {}): Promise<UserStatsView> {
  return apiRequest('GET', '/api/users/stats', { signal, schema: (s) => s.userStatsSchema });
}

export function useProfileStats() {
  return useQuery({ queryKey: profileKeys.stats(), queryFn: getProfileStats });
}
