import type { NotificationReadEvent } from '@whosright/contracts/notification/events';

/**
 * The daily digest on the member's notification stream (`notificationReads-{userId}`): how far
 * the digests have told. A digest up to a moment already told appends nothing, so two workers, or
 * a restart, running the same day's digest send it once: the one whose append wins mails it.
 */
export interface DigestState {
  upTo: string | null;
}

export interface RecordDigest {
  type: 'RecordDigest';
  userId: string;
  upTo: string;
  count: number;
}

export const notificationDigest = {
  initialState: (): DigestState => ({ upTo: null }),
  evolve(state: DigestState, event: NotificationReadEvent): DigestState {
    return event.type === 'NotificationDigestSent' ? { upTo: event.data.upTo } : state;
  },
  decide(command: RecordDigest, state: DigestState): NotificationReadEvent[] {
    if (state.upTo !== null && command.upTo <= state.upTo) return [];
    const { userId, upTo, count } = command;
    return [{ type: 'NotificationDigestSent', data: { userId, upTo, count } }];
  },
};
