import { Link } from '@tanstack/react-router';
import {
  ArrowLeftRightIcon,
  CircleCheckIcon,
  CircleXIcon,
  EyeOffIcon,
  FlagIcon,
  MessageCircleIcon,
  ReplyIcon,
  ThumbsUpIcon,
  TrendingUpIcon,
  type LucideIcon,
} from 'lucide-react';
import type { Notification, NotificationKind } from '@whosright/contracts/notification/dto';

import { timeAgo } from '#web/lib/relative-time.ts';
import { cn } from '#web/lib/utils.ts';

const ICONS: Record<NotificationKind, LucideIcon> = {
  approved: CircleCheckIcon,
  rejected: CircleXIcon,
  hidden: EyeOffIcon,
  votes: TrendingUpIcon,
  flip: ArrowLeftRightIcon,
  comments: MessageCircleIcon,
  commentScore: ThumbsUpIcon,
  report: FlagIcon,
  replies: ReplyIcon,
};

const ON_PROFILE: ReadonlySet<NotificationKind> = new Set(['rejected', 'hidden']);

/** One notification, linking to its story; an unread one says so, to the eye and to the ear. */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const Icon = ICONS[notification.kind];
  const unread = !notification.read;
  return (
    <li>
      <Link
        // A rejected or hidden story is not public: its author reads the note on its card in
        // their profile (the anchor is the card's, `story-{id}`).
        {...(ON_PROFILE.has(notification.kind)
          ? { to: '/profile', hash: `story-${notification.storyId}` }
          : { to: '/story/$id', params: { id: notification.storyId } })}
        onClick={() => onOpen(notification)}
        className={cn(
          'flex items-start gap-3 px-4 py-3 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset',
          unread && 'bg-accent/40',
        )}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn('text-sm break-words', unread && 'font-semibold')}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.text}
          </span>
          <time dateTime={notification.at} className="text-xs text-muted-foreground">
            {timeAgo(notification.at)}
          </time>
        </span>
        {unread ? (
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
        ) : null}
      </Link>
    </li>
  );
}
