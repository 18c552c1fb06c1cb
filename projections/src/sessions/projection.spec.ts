import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { sessionsProjection } from './projection';

const alice = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
// As newSessionId makes them: 24 random bytes in base64url.
const laptop = 'p8Zq3xK0vN2mB7cR5tY1wL4hJ6gF9dSa';
const phone = 'Xk2r9QmT4vB8nW1cY6hL3pZ7sD0fG5jA';

/** Alice's sessions as the write side records them, in a log of its own. */
function sessionHistory() {
  const log = eventLog('2026-03-02T09:00:00.000Z');
  return {
    started: (sessionId: string, expiresAt: string, credentialsVersion: number | null = 2) =>
      log.session(
        sessionId,
        {
          type: 'SessionStarted',
          data: {
            sessionId,
            userId: alice,
            method: 'password',
            expiresAt,
            ...(credentialsVersion === null ? {} : { credentialsVersion }),
          },
        },
        { actorId: alice },
      ),
    renewed: (sessionId: string, expiresAt: string) =>
      log.session(sessionId, { type: 'SessionRenewed', data: { expiresAt } }, { actorId: alice }),
    loggedOut: (sessionId: string) =>
      log.session(
        sessionId,
        { type: 'SessionEnded', data: { reason: 'logout' } },
        {
          actorId: alice,
        },
      ),
    expired: (sessionId: string) =>
      log.session(sessionId, { type: 'SessionEnded', data: { reason: 'expired' } }),
  };
}

describe('sessions projection', () => {
  const spec = projectionSpec(sessionsProjection);

  it('when a session starts it records whose it is, when it started and when it expires', async () => {
    const started = sessionHistory().started(laptop, '2026-04-01T09:00:00.000Z');
    await spec
      .given([])
      .when(started)
      .then({
        sessions: [
          {
            _id: laptop,
            userId: alice,
            startedAt: started.metadata.recordedAt,
            expiresAt: '2026-04-01T09:00:00.000Z',
            credentialsVersion: 2,
          },
        ],
      });
  });

  it('when a session from before credentials versions starts it records none', async () => {
    const started = sessionHistory().started(laptop, '2026-04-01T09:00:00.000Z', null);
    await spec
      .given([])
      .when(started)
      .then({
        sessions: [
          {
            _id: laptop,
            userId: alice,
            startedAt: started.metadata.recordedAt,
            expiresAt: '2026-04-01T09:00:00.000Z',
            credentialsVersion: null,
          },
        ],
      });
  });

  it('when a user signs in on a second device it keeps both sessions', async () => {
    const history = sessionHistory();
    const onLaptop = history.started(laptop, '2026-04-01T09:00:00.000Z');
    const onPhone = history.started(phone, '2026-04-01T09:01:00.000Z');
    await spec
      .given([onLaptop])
      .when(onPhone)
      .then({
        sessions: [
          {
            _id: laptop,
            userId: alice,
            startedAt: onLaptop.metadata.recordedAt,
            expiresAt: '2026-04-01T09:00:00.000Z',
            credentialsVersion: 2,
          },
          {
            _id: phone,
            userId: alice,
            startedAt: onPhone.metadata.recordedAt,
            expiresAt: '2026-04-01T09:01:00.000Z',
            credentialsVersion: 2,
          },
        ],
      });
  });

  it('when a session is renewed it moves the expiry and keeps the start', async () => {
    const history = sessionHistory();
    const started = history.started(laptop, '2026-04-01T09:00:00.000Z');
    await spec
      .given([started])
      .when(history.renewed(laptop, '2026-04-02T09:00:00.000Z'))
      .then({
        sessions: [
          {
            _id: laptop,
            userId: alice,
            startedAt: started.metadata.recordedAt,
            expiresAt: '2026-04-02T09:00:00.000Z',
            credentialsVersion: 2,
          },
        ],
      });
  });

  it('when a user logs out it deletes that session and keeps the others', async () => {
    const history = sessionHistory();
    const onLaptop = history.started(laptop, '2026-04-01T09:00:00.000Z');
    const onPhone = history.started(phone, '2026-04-01T09:01:00.000Z');
    await spec
      .given([onLaptop, onPhone])
      .when(history.loggedOut(laptop))
      .then({
        sessions: [
          {
            _id: phone,
            userId: alice,
            startedAt: onPhone.metadata.recordedAt,
            expiresAt: '2026-04-01T09:01:00.000Z',
            credentialsVersion: 2,
          },
        ],
      });
  });

  it('when a session ends as expired it deletes it', async () => {
    const history = sessionHistory();
    const started = history.started(laptop, '2026-04-01T09:00:00.000Z');
    const renewed = history.renewed(laptop, '2026-04-02T09:00:00.000Z');
    await spec.given([started, renewed]).when(history.expired(laptop)).then({ sessions: [] });
  });

  it('when a session it has no document of is renewed it creates none', async () => {
    const history = sessionHistory();
    await spec
      .given([])
      .when(history.renewed(laptop, '2026-04-02T09:00:00.000Z'))
      .then({ sessions: [] });
  });

  it('when the start is delivered again after a renewal it keeps the renewed expiry', async () => {
    const history = sessionHistory();
    const started = history.started(laptop, '2026-04-01T09:00:00.000Z');
    const renewed = history.renewed(laptop, '2026-04-02T09:00:00.000Z');
    await spec.given([started, renewed]).when(started).thenNothingChanges();
  });
});
