import type { ReadModels } from '../store/port';
import { NOTIFICATION_READS, READ_DOCS, type NotificationReadsDoc } from './docs';

/** Every read the API makes of the notification-reads read model. */
export class NotificationReadQueries {
  private readonly reads;

  constructor(models: ReadModels) {
    this.reads = models.collection<NotificationReadsDoc>(NOTIFICATION_READS, READ_DOCS);
  }

  /** How far the member has read their notifications (nothing yet: undefined). */
  of(userId: string): Promise<NotificationReadsDoc | undefined> {
    return this.reads.get(userId);
  }
}
