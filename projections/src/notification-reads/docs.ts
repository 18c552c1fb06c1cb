import type { Doc } from '../store/port';

export const NOTIFICATION_READS = 'notification-reads';
export const READ_DOCS = 'reads';

/**
 * How far one member has read their notifications; its id is the member's. A notification is read
 * when `allUpTo` or its own mark is at or after its time.
 */
export interface NotificationReadsDoc extends Doc {
  /** By notification id: the time of the notification as it was when read. */
  marks?: Record<string, string>;
  allUpTo?: string;
}
