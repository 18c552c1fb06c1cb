import type { SessionEvent } from '@whosright/contracts/account/events';
import { defineProjection, remove, update, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { SESSIONS, SESSION_DOCS } from './docs';

/** Live sessions by id: one lookup per signed-in request. An ended session is deleted. */
export const sessionsProjection = defineProjection<Recorded<SessionEvent>>({
  name: SESSIONS,
  version: 2,
  eventTypes: ['SessionStarted', 'SessionRenewed', 'SessionEnded'],
  collections: [{ name: SESSION_DOCS, indexes: [{ fields: [['userId', 1]] }] }],
  apply(event) {
    const id = event.stream.slice('session-'.length);
    switch (event.type) {
      case 'SessionStarted':
        return [
          upsert(SESSION_DOCS, id, {
            $set: {
              userId: event.data.userId,
              startedAt: event.metadata.recordedAt,
              expiresAt: event.data.expiresAt,
              credentialsVersion: event.data.credentialsVersion ?? null,
            },
          }),
        ];
      case 'SessionRenewed':
        return [update(SESSION_DOCS, id, { $set: { expiresAt: event.data.expiresAt } })];
      case 'SessionEnded':
        return [remove(SESSION_DOCS, id)];
      default:
        return [];
    }
  },
});
