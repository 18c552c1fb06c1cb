/**
 * GET /api/notifications/live (Server-Sent Events): the bell hears the member's unread count at
 * once and whenever it changes. A count other than the cached one has the notifications asked
 * again. One stream per tab, open while the page is in view (a hidden tab holds no connection;
 * coming back into view opens it again, which says the count at once). Answers whether the
 * stream is open: while it is not, the notifications are polled as before.
 */
import { useEffect, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationsPage } from '@whosright/contracts/notification/dto';

import { followLiveEvents } from '#web/lib/live-events.ts';
import { number, object } from '#web/lib/shape.ts';
import { notificationKeys } from '#web/features/notifications/api/get-notifications.ts';

const unreadShape = object<{ unread: number }>({ unread: number });

function unreadOf(data: string): number | undefined {
  try {
    return unreadShape(JSON.parse(data)).unread;
  } catch {
    return undefined;
  }
}

const inView = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

export function useLiveUnread(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const [visible, setVisible] = useState(inView);

  useEffect(() => {
    const seen = () => setVisible(inView());
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);

  useEffect(() => {
    if (!enabled || !visible || typeof EventSource === 'undefined') return;
    const close = followLiveEvents('/api/notifications/live', {
      on: {
        unread: (data) => {
          const unread = unreadOf(data);
          const cached = queryClient.getQueryData<InfiniteData<NotificationsPage>>(
            notificationKeys.all,
          );
          if (unread !== undefined && unread !== cached?.pages[0]?.unread)
            void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        },
      },
      onOpen: () => setLive(true),
      onDrop: () => setLive(false),
    });
    return () => {
      close();
      setLive(false);
    };
  }, [enabled, visible, queryClient]);

  return live;
}
