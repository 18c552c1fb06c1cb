/**
 * GET /api/notifications?cursor=: the member's notifications, newest first, with the unread count
 * of all. Asked again when the page comes back into view, when the live bell says the count
 * changed (use-live-unread.ts), and every 15 seconds while the page is in view and the live
 * stream is not open.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationsPage } from '@whosright/contracts/notification/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { notificationsPageShape } from '#web/features/notifications/api/notification-shapes.ts';

export const notificationKeys = { all: ['notifications'] as const };

const REFRESH_MS = 15_000;

export function useNotifications(enabled: boolean, { live = false }: { live?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NotificationsPage>(
        'GET',
        `/api/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal, shape: notificationsPageShape },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
    refetchInterval: live ? false : REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
