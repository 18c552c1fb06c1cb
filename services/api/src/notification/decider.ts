import type { NotificationReadEvent } from '@whosright/contracts/notification/events';
import { readUpTo, type ReadMarks } from './derive-notifications';

/**
 * A member's reading of their notifications (`notificationReads-{userId}`): the marks recorded so
 * far, so that what is read already, by this call or by another at the same moment, appends
 * nothing. The service asks only for the marks the read model does not show yet.
 */
export interface MarkNotificationsRead {
  type: 'MarkNotificationsRead';
  userId: string;
  marks: Array<{ id: string; at: string }>;
  allUpTo?: string;
}

export const notificationReadsStream = (userId: string) => `notificationReads-${userId}`;

const isRead = (reads: ReadMarks, { id, at }: { id: string; at: string }) =>
  (readUpTo(reads, id) ?? '') >= at;

export const notificationReads = {
  initialState: (): ReadMarks => ({ marks: {}, allUpTo: undefined }),
  evolve(reads: ReadMarks, event: NotificationReadEvent): ReadMarks {
    if (event.type !== 'NotificationsRead') return reads;
    const marks = { ...reads.marks };
    for (const { id, at } of event.data.marks) marks[id] = at;
    return { marks, allUpTo: event.data.allUpTo ?? reads.allUpTo };
  },
  /** Nothing to record when every mark asked for is recorded already, "all" included. */
  decide(command: MarkNotificationsRead, reads: ReadMarks): NotificationReadEvent[] {
    const { userId, allUpTo } = command;
    const marks = command.marks.filter((mark) => !isRead(reads, mark));
    if (marks.length === 0) return [];
    return [
      {
        type: 'NotificationsRead',
        data: allUpTo === undefined ? { userId, marks } : { userId, marks, allUpTo },
      },
    ];
  },
};
