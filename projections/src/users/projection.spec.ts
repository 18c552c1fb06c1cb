import { describe, it } from 'vitest';
import type { UserEvent } from '@whosright/contracts/account/events';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { usersProjection } from './projection';

const alice = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const stranger = 'user_01JZZZZZZZZZZZZZZZZZZZZZZZ';

type Registration = Extract<UserEvent, { type: 'UserRegistered' }>['data'];

const byPassword: Registration = {
  userId: alice,
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Martin',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  role: 'user',
  profileImageUrl: null,
};

/** Alice's account as the write side records it, in a log of its own. */
function aliceHistory() {
  const log = eventLog();
  const on = <E extends UserEvent>(userId: string, event: E, actorId?: string) =>
    log.user(userId, event, actorId ? { actorId } : {});
  return {
    registered: (data: Registration = byPassword) =>
      on(alice, { type: 'UserRegistered', data }, alice),
    profileUpdated: () =>
      on(
        alice,
        {
          type: 'ProfileUpdated',
          data: { username: 'alice_m', profileImageUrl: 'https://example.com/alice.png' },
        },
        alice,
      ),
    banned: (userId = alice) => on(userId, { type: 'UserBanned', data: { reason: 'spam' } }, admin),
    unbanned: () => on(alice, { type: 'UserUnbanned', data: {} }, admin),
    promoted: () => on(alice, { type: 'UserPromoted', data: { reason: 'admin' } }, admin),
    demoted: () => on(alice, { type: 'UserDemoted', data: { reason: 'admin' } }, admin),
    verified: () => on(alice, { type: 'EmailVerified', data: { via: 'link' } }, alice),
    resetRequested: () =>
      on(alice, {
        type: 'PasswordResetRequested',
        data: { tokenHash: 'sha256-of-the-token', expiresAt: '2026-03-02T10:00:00.000Z' },
      }),
    passwordReset: () =>
      on(alice, {
        type: 'PasswordChanged',
        data: {
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDI$aGFzaDI',
          reason: 'reset',
          resetTokenHash: 'sha256-of-the-token',
        },
      }),
    rehashed: () =>
      on(
        alice,
        {
          type: 'PasswordChanged',
          data: {
            passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdDM$aGFzaDM',
            reason: 'rehash',
            resetTokenHash: null,
          },
        },
        alice,
      ),
    sideOnComments: (shown: boolean) =>
      on(alice, { type: 'SideOnCommentsSet', data: { shown } }, alice),
    notificationSettings: (digest: boolean, kindsOff: Array<'votes' | 'flip'>) =>
      on(alice, { type: 'NotificationSettingsSet', data: { digest, kindsOff } }, alice),
    identityLinked: () =>
      on(
        alice,
        {
          type: 'ExternalIdentityLinked',
          data: { issuer: 'https://accounts.example.com', subject: '1234567890' },
        },
        alice,
      ),
  };
}

/** The account document a registration creates. */
function account(registered: { data: Registration; metadata: { recordedAt: string } }) {
  return {
    _id: registered.data.userId,
    email: registered.data.email,
    username: null,
    firstName: registered.data.firstName,
    lastName: registered.data.lastName,
    profileImageUrl: registered.data.profileImageUrl,
    role: registered.data.role,
    status: 'active',
    createdAt: registered.metadata.recordedAt,
    sessionsValidFrom: registered.metadata.recordedAt,
    credentialsVersion: 0,
    emailVerified: false,
  };
}

const withProfile = { username: 'alice_m', profileImageUrl: 'https://example.com/alice.png' };

describe('users projection', () => {
  const spec = projectionSpec(usersProjection);

  it('when a user registers it creates an active account without a username, its sessions valid from then', async () => {
    const registered = aliceHistory().registered();
    await spec
      .given([])
      .when(registered)
      .then({
        users: [
          {
            _id: alice,
            email: 'alice@example.com',
            username: null,
            firstName: 'Alice',
            lastName: 'Martin',
            profileImageUrl: null,
            role: 'user',
            status: 'active',
            createdAt: registered.metadata.recordedAt,
            sessionsValidFrom: registered.metadata.recordedAt,
            credentialsVersion: 0,
            emailVerified: false,
          },
        ],
      });
  });

  it('when an admin signs up through an external provider it keeps the role and picture and leaves the missing names null', async () => {
    const registered = aliceHistory().registered({
      ...byPassword,
      firstName: null,
      lastName: null,
      passwordHash: null,
      role: 'admin',
      profileImageUrl: 'https://example.com/avatar.png',
    });
    await spec
      .given([])
      .when(registered)
      .then({
        users: [
          {
            ...account(registered),
            firstName: null,
            lastName: null,
            role: 'admin',
            profileImageUrl: 'https://example.com/avatar.png',
          },
        ],
      });
  });

  it('when a user updates their profile it sets the username and the picture', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    await spec
      .given([registered])
      .when(history.profileUpdated())
      .then({ users: [{ ...account(registered), ...withProfile }] });
  });

  it('when a member turns their side on comments off and on it keeps the choice', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    const hidden = history.sideOnComments(false);
    await spec
      .given([registered])
      .when(hidden)
      .then({ users: [{ ...account(registered), hidesSideOnComments: true }] });
    await spec
      .given([registered, hidden])
      .when(history.sideOnComments(true))
      .then({ users: [{ ...account(registered), hidesSideOnComments: false }] });
  });

  it('when a member sets their notification settings it keeps the digest and the kinds off', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    await spec
      .given([registered])
      .when(history.notificationSettings(true, ['votes']))
      .then({ users: [{ ...account(registered), digest: true, notificationKindsOff: ['votes'] }] });
  });

  it('when a user is banned it marks the account banned with when and why, and voids the sessions started before', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    const updated = history.profileUpdated();
    const banned = history.banned();
    await spec
      .given([registered, updated])
      .when(banned)
      .then({
        users: [
          {
            ...account(registered),
            ...withProfile,
            status: 'banned',
            sessionsValidFrom: banned.metadata.recordedAt,
            credentialsVersion: 1,
            ban: { at: banned.metadata.recordedAt, reason: 'spam' },
          },
        ],
      });
  });

  it('when a banned user is unbanned it makes the account active, the sessions the ban voided staying void', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    const banned = history.banned();
    await spec
      .given([registered, banned])
      .when(history.unbanned())
      .then({
        users: [
          {
            ...account(registered),
            sessionsValidFrom: banned.metadata.recordedAt,
            credentialsVersion: 1,
            ban: null,
          },
        ],
      });
  });

  it('when a user is promoted it makes them an admin', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    await spec
      .given([registered])
      .when(history.promoted())
      .then({ users: [{ ...account(registered), role: 'admin' }] });
  });

  it('when an admin is demoted it makes them a user again', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    const promoted = history.promoted();
    await spec
      .given([registered, promoted])
      .when(history.demoted())
      .then({ users: [account(registered)] });
  });

  it('when a password is reset it voids the sessions started before the reset', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    const requested = history.resetRequested();
    const reset = history.passwordReset();
    await spec
      .given([registered, requested])
      .when(reset)
      .then({
        users: [
          {
            ...account(registered),
            sessionsValidFrom: reset.metadata.recordedAt,
            credentialsVersion: 1,
          },
        ],
      });
  });

  it('when the address is verified it says so', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    await spec
      .given([registered])
      .when(history.verified())
      .then({ users: [{ ...account(registered), emailVerified: true }] });
  });

  it('when a password hash is upgraded at sign-in nothing changes', async () => {
    const history = aliceHistory();
    await spec.given([history.registered()]).when(history.rehashed()).thenNothingChanges();
  });

  it('when a reset is requested or an external identity linked nothing changes', async () => {
    const history = aliceHistory();
    await spec
      .given([history.registered()])
      .when(history.resetRequested(), history.identityLinked())
      .thenNothingChanges();
  });

  it('when an account it has no document of is banned it creates none', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    await spec
      .given([registered])
      .when(history.banned(stranger))
      .then({ users: [account(registered)] });
  });

  it('when the registration is delivered again after a profile update it keeps the profile', async () => {
    const history = aliceHistory();
    const registered = history.registered();
    await spec.given([registered, history.profileUpdated()]).when(registered).thenNothingChanges();
  });
});
