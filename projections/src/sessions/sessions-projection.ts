import type { Doc } from '../store/port';
import type { SessionEvent } from '@whosright/contracts/account/events';
import { defineProjection, remove, update, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';

/** Live sessions by id: one lookup per signed-in request. An ended session is deleted. */
export const sessionsProjection = defineProjection<Recorded<SessionEvent>>({
  name: 'sessions',
  version: 1,
  eventTypes: ['SessionStarted', 'SessionRenewed', 'SessionEnded'],
  collections: [{ name: 'sessions', indexes: [{ fields: [['userId', 1]] }] }],
  apply(event) {
    const id = event.stream.slice('session-'.length);
    switch (event.type) {
      case 'SessionStarted':
        return [
          upsert('sessions', id, {
            $set: {
              userId: event.data.userId,
              startedAt: event.metadata.recordedAt,
              expiresAt: event.data.expiresAt,
            },
          }),
        ];
      case 'SessionRenewed':
        return [update('sessions', id, { $set: { expiresAt: event.data.expiresAt } })];
      case 'SessionEnded':
        return [remove('sessions', id)];
      default:
        return [];
    }
  },
});

export interface SessionDoc extends Doc {
  _id: string;
  userId: string;
  startedAt: string;
  expiresAt: string;
}
