import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { Settings2Icon } from 'lucide-react';
import type { Notification } from '@whosright/contracts/notification/dto';

import { Button } from '#web/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx';
import type { useNotifications } from '#web/features/notifications/api/get-notifications.ts';
import { useMarkRead } from '#web/features/notifications/api/mark-read.ts';
import { useUnfollowStory } from '#web/features/notifications/api/unfollow-story.ts';
import { BellButton } from '#web/features/notifications/components/bell-button.tsx';
import { NotificationItem } from '#web/features/notifications/components/notification-item.tsx';

interface NotificationPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notifications: ReturnType<typeof useNotifications>;
  unread: number;
}

/**
 * The bell with its panel of notifications, newest first, each opening its story (and marked
 * read by it), news of a followed story with Unfollow beside it; "Mark all read" above them, and
 * below them the way to the settings (what the bell and the digest tell) and "Show older".
 * Loaded after the page (notification-bell.tsx).
 */
export function NotificationPanel({
  open,
  onOpenChange,
  notifications,
  unread,
}: NotificationPanelProps) {
  const markRead = useMarkRead();
  const unfollow = useUnfollowStory();
  const title = useRef<HTMLHeadingElement>(null);
  const items = (notifications.data?.pages ?? []).flatMap((page) => page.items);

  const opened = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    onOpenChange(false);
  };
  // The item and its button go once unfollowed: focus stays in the panel, on its title.
  const unfollowed = (notification: Notification) =>
    unfollow.mutate(notification.storyId, { onSuccess: () => title.current?.focus() });

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <BellButton unread={unread} />
      </PopoverTrigger>
      <PopoverContent
        aria-labelledby="notifications-title"
        className="w-[min(22rem,calc(100vw-1rem))] p-0"
      >
        <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
          <h2
            id="notifications-title"
            ref={title}
            tabIndex={-1}
            className="font-semibold outline-none"
          >
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
            You&apos;re all caught up. News about your stories, your comments and the stories you
            follow shows up here.
          </p>
        ) : (
          <ul aria-label="Your notifications" className="divide-y">
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                notification={item}
                onOpen={opened}
                onUnfollow={unfollowed}
                unfollowing={unfollow.isPending && unfollow.variables === item.storyId}
              />
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2 border-t p-2">
          <Button variant="ghost" size="sm" asChild>
            <Link to="/profile" hash="notification-settings" onClick={() => onOpenChange(false)}>
              <Settings2Icon aria-hidden="true" />
              Notification settings
            </Link>
          </Button>
          {notifications.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={notifications.isFetchingNextPage}
              onClick={() => void notifications.fetchNextPage()}
            >
              Show older
            </Button>
          ) : null}
        </div>
      </PopoverContent>
    </Popover>
  );
}
