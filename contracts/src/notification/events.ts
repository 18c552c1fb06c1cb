import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import { userIdSchema } from '../shared/ids';

/**
 * A member's reading of their notifications: the `notificationReads-{userId}` stream. A
 * notification is read when a mark for its id is at or after its time, or `allUpTo` is: a
 * notification kept up to date (new comments) is unread again once it moves past its mark.
 */
export const notificationReadEvents = {
  NotificationsRead: defineEvent(
    'NotificationsRead',
    z.object({
      userId: userIdSchema,
      marks: z.array(z.object({ id: z.string().min(1), at: z.iso.datetime() })),
      /** Set by "mark all read": every notification up to this moment. */
      allUpTo: z.iso.datetime().optional(),
    }),
    { forgetting: { keeps: 'notification ids and times: nothing a person wrote or is known by' } },
  ),
  /**
   * A daily digest was mailed, telling the notifications up to `upTo` (the newest one's time):
   * the next one tells only later ones, and a second run of the same day finds nothing to send.
   */
  NotificationDigestSent: defineEvent(
    'NotificationDigestSent',
    z.object({ userId: userIdSchema, upTo: z.iso.datetime(), count: z.number().int().min(1) }),
  ),
};

export type NotificationReadEvent = EventOf<
  (typeof notificationReadEvents)[keyof typeof notificationReadEvents]
>;
