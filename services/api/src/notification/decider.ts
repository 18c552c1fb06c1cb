import type { NotificationReadEvent } from '@whosright/contracts/notification/events';

/**
 * A member's reading of their notifications (`notificationReads-{userId}`): nothing to decide but
 * whether there is anything new to record. The service leaves out the marks already recorded.
 */
export interface MarkNotificationsRead {
  type: 'MarkNotificationsRead';
  userId: string;
  marks: Array<{ id: string; at: string }>;
  allUpTo?: string;
}

export const notificationReadsStream = (userId: string) => `notificationReads-${userId}`;

export const notificationReads = {
  initialState: (): Record<string, never> => ({}),
  evolve: (state: Record<string, never>): Record<string, never> => state,
  decide(command: MarkNotificationsRead): NotificationReadEvent[] {
    const { userId, marks, allUpTo } = command;
    if (marks.length === 0 && allUpTo === undefined) return [];
    return [
      {
        type: 'NotificationsRead',
        data: allUpTo === undefined ? { userId, marks } : { userId, marks, allUpTo },
      },
    ];
  },
};
