import type { UserEvent } from '@whosright/contracts/account/events';
import type { NotificationReadEvent } from '@whosright/contracts/notification/events';
import { defineProjection, remove, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { NOTIFICATION_READS, READ_DOCS } from './docs';

type Handled = Recorded<
  | Extract<NotificationReadEvent, { type: 'NotificationsRead' }>
  | Extract<UserEvent, { type: 'AccountDeleted' }>
>;

/**
 * What each member has read of their notifications. The notifications themselves are derived
 * when asked for, from the stories, timeline, comments and moderation log read models, so a vote
 * writes nothing here.
 */
export const notificationReadsProjection = defineProjection<Handled>({
  name: NOTIFICATION_READS,
  version: 1,
  eventTypes: ['NotificationsRead', 'AccountDeleted'],
  collections: [{ name: READ_DOCS, indexes: [] }],
  apply(event) {
    if (event.type === 'AccountDeleted')
      return [remove(READ_DOCS, event.stream.slice('user-'.length))];
    const { userId, marks, allUpTo } = event.data;
    const set: Record<string, string> = {};
    for (const mark of marks) set[`marks.${mark.id}`] = mark.at;
    if (allUpTo !== undefined) set.allUpTo = allUpTo;
    return [upsert(READ_DOCS, userId, { $set: set })];
  },
});
