/** POST /api/notifications/unsubscribe { token }: the digest's link turns it off, no sign-in. */
import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResponse } from '@whosright/contracts/notification/settings';

import { apiRequest } from '#web/lib/api-client.ts';

export function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return apiRequest('POST', '/api/notifications/unsubscribe', {
    body: { token },
    schema: (s) => s.unsubscribeResponseSchema,
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe, meta: { onUnauthorized: 'ignore' } });
}
