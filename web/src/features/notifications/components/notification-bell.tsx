import { useState } from 'react';
import { BellIcon } from 'lucide-react';
import type { Notification } from '@whosright/contracts/notification/dto';

import { Button } from '#web/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx';
import { useNotifications } from '#web/features/notifications/api/get-notifications.ts';
import { useLiveUnread } from '#web/features/notifications/api/use-live-unread.ts';
import { useMarkRead } from '#web/features/notifications/api/mark-read.ts';
import { NotificationItem } from '#web/features/notifications/components/notification-item.tsx';

/** The unread count as the badge shows it: past 9 it says "9+". */
const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/**
 * The header's bell for a signed-in member: the unread count (kept live), and a panel of their
 * notifications, newest first, each opening its story (and marked read by it); "Mark all read"
 * above them.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const live = useLiveUnread(true);
  const notifications = useNotifications(true, { live });
  const markRead = useMarkRead();
  const pages = notifications.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unread ?? 0;

  const opened = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          round
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          className="relative"
        >
          <BellIcon className="size-5" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-destructive px-1 text-[0.65rem] leading-none font-bold text-white tabular-nums"
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-labelledby="notifications-title"
        className="w-[min(22rem,calc(100vw-1rem))] p-0"
      >
        <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
          <h2 id="notifications-title" className="font-semibold">
            Notifications
          </h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </Button>
        </div>
        {notifications.isPending ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">Loading...</p>
        ) : items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">
            You&apos;re all caught up. News about your stories and comments shows up here.
          </p>
        ) : (
          <ul aria-label="Your notifications" className="divide-y">
            {items.map((item) => (
              <NotificationItem key={item.id} notification={item} onOpen={opened} />
            ))}
          </ul>
        )}
        {notifications.hasNextPage ? (
          <div className="border-t p-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              disabled={notifications.isFetchingNextPage}
              onClick={() => void notifications.fetchNextPage()}
            >
              Show older
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
