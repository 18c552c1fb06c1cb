import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import {
  ArrowLeftRightIcon,
  BellRingIcon,
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
import { storyLabelLine } from '@whosright/contracts/notification/story-label-line';

import { Button } from '#web/components/ui/button.tsx';
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
  following: BellRingIcon,
};

const ON_PROFILE: ReadonlySet<NotificationKind> = new Set(['rejected', 'hidden']);

/**
 * One notification, linking to its story, named under its text by the story's first words (one
 * line, cut to fit); an unread one says so, to the eye and to the ear. News of a followed story
 * offers Unfollow beside it.
 */
export function NotificationItem({
  notification,
  onOpen,
  onUnfollow,
  unfollowing = false,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onUnfollow?: (notification: Notification) => void;
  /** The Unfollow of this story is on its way. */
  unfollowing?: boolean;
}) {
  const Icon = ICONS[notification.kind];
  const unread = !notification.read;
  const label = storyLabelLine(notification);
  const textId = useId();
  return (
    <li className={cn('flex items-start', unread && 'bg-accent/40')}>
      <Link
        // A rejected or hidden story is not public: its author reads the note on its card in
        // their profile (the anchor is the card's, `story-{id}`).
        {...(ON_PROFILE.has(notification.kind)
          ? { to: '/profile', hash: `story-${notification.storyId}` }
          : { to: '/story/$id', params: { id: notification.storyId } })}
        onClick={() => onOpen(notification)}
        className="flex min-w-0 flex-1 items-start gap-3 px-4 py-3 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
      >
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span id={textId} className={cn('text-sm break-words', unread && 'font-semibold')}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.text}
          </span>
          {label ? (
            <span className="truncate text-xs text-muted-foreground" title={label}>
              {label}
            </span>
          ) : null}
          <time dateTime={notification.at} className="text-xs text-muted-foreground">
            {timeAgo(notification.at)}
          </time>
        </span>
        {unread ? (
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
        ) : null}
      </Link>
      {notification.kind === 'following' && onUnfollow ? (
        <Button
          variant="ghost"
          size="sm"
          className="my-1.5 me-1.5 min-h-11"
          aria-describedby={textId}
          disabled={unfollowing}
          onClick={() => onUnfollow(notification)}
        >
          Unfollow
        </Button>
      ) : null}
    </li>
  );
}
