/** The notifications answers, checked with the small shapes (lib/shape.ts): the bell is on every screen. */
import type {
  Notification,
  NotificationKind,
  NotificationsPage,
} from '@whosright/contracts/notification/dto';

import { array, boolean, nullable, number, object, oneOf, string } from '#web/lib/shape.ts';

const kind = oneOf<NotificationKind>({
  approved: true,
  rejected: true,
  hidden: true,
  votes: true,
  flip: true,
  comments: true,
  commentScore: true,
  report: true,
  replies: true,
  following: true,
});

export const notificationShape = object<Notification>({
  id: string,
  at: string,
  kind,
  storyId: string,
  storyLabel: nullable(string),
  text: string,
  read: boolean,
});

export const notificationsPageShape = object<NotificationsPage>({
  items: array(notificationShape),
  nextCursor: nullable(string),
  unread: number,
});
