import { describe, it } from 'vitest';
import type { UserEvent } from '@whosright/contracts/account/events';
import { deciderSpec } from '#api/testing/decider-spec';
import { user, type UserRejection, UserCommandRejected } from './decider';
import { forgottenUsers } from './forgotten-decider';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const spec = deciderSpec(user);
const rejected = (reason: UserRejection) => (error: unknown) =>
  error instanceof UserCommandRejected && error.reason === reason;

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: ann,
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: null,
    passwordHash: null,
    role: 'user',
    profileImageUrl: null,
  },
};
const linkMailed: UserEvent = {
  type: 'AccountDeletionRequested',
  data: { tokenHash: 'delete-1', expiresAt: '2026-01-01T11:00:00.000Z' },
};
const deleted: UserEvent = { type: 'AccountDeleted', data: { via: 'password' } };
const now = '2026-01-01T10:30:00.000Z';

describe('user decider: deleting an account', () => {
  it('when a confirmed deletion starts it records it once, and not after the account is gone', () => {
    const started: UserEvent = { type: 'AccountDeletionStarted', data: {} };
    spec.given([registered]).when({ type: 'StartAccountDeletion' }).then([started]);
    spec.given([registered, started]).when({ type: 'StartAccountDeletion' }).then([]);
    spec.given([registered, started, deleted]).when({ type: 'StartAccountDeletion' }).then([]);
  });

  it('when the password was checked it records AccountDeleted', () => {
    spec
      .given([registered])
      .when({ type: 'DeleteAccount', via: 'password', admins: 1 })
      .then([{ type: 'AccountDeleted', data: { via: 'password' } }]);
  });

  it('when the mailed link is valid it records AccountDeleted via the link', () => {
    spec
      .given([registered, linkMailed])
      .when({ type: 'DeleteAccount', via: 'link', tokenHash: 'delete-1', now, admins: 1 })
      .then([{ type: 'AccountDeleted', data: { via: 'link' } }]);
  });

  it('when the link is another one, or expired, it refuses', () => {
    spec
      .given([registered, linkMailed])
      .when({ type: 'DeleteAccount', via: 'link', tokenHash: 'delete-2', now, admins: 1 })
      .thenThrows(rejected('invalid_deletion_token'));
    spec
      .given([registered, linkMailed])
      .when({
        type: 'DeleteAccount',
        via: 'link',
        tokenHash: 'delete-1',
        now: '2026-01-01T11:00:00.000Z',
        admins: 1,
      })
      .thenThrows(rejected('invalid_deletion_token'));
  });

  it('when the member is the last admin it refuses: someone must be promoted first', () => {
    const promoted: UserEvent = { type: 'UserPromoted', data: { reason: 'admin' } };
    spec
      .given([registered, promoted])
      .when({ type: 'DeleteAccount', via: 'password', admins: 1 })
      .thenThrows(rejected('last_admin_leaving'));
    spec
      .given([registered, promoted])
      .when({ type: 'DeleteAccount', via: 'password', admins: 2 })
      .then([deleted]);
  });

  it('when the member is banned it still records AccountDeleted: a ban does not keep anyone', () => {
    spec
      .given([registered, { type: 'UserBanned', data: { reason: 'spam' } }])
      .when({ type: 'DeleteAccount', via: 'password', admins: 1 })
      .then([deleted]);
  });

  it('when the account is deleted already nothing happens (a resumed deletion)', () => {
    spec
      .given([registered, deleted])
      .when({ type: 'DeleteAccount', via: 'password', admins: 1 })
      .thenNothingHappens();
  });

  it('when the account is deleted it takes no other command, nor a registration again', () => {
    spec
      .given([registered, deleted])
      .when({ type: 'UpdateProfile', username: 'ann', profileImageUrl: null })
      .thenThrows(rejected('unknown_user'));
    spec
      .given([registered, deleted])
      .when({ type: 'RegisterUser', ...registered.data })
      .thenThrows(rejected('already_registered'));
  });

  it('when a link is asked for it records its hash and expiry', () => {
    spec
      .given([registered])
      .when({
        type: 'RequestAccountDeletion',
        tokenHash: 'delete-1',
        expiresAt: '2026-01-01T11:00:00.000Z',
      })
      .then([linkMailed]);
  });
});

describe('forgotten users registry', () => {
  const forget = { type: 'ForgetUser' as const, userId: ann, storyIds: ['s'], commentIds: [] };
  const forgottenSpec = deciderSpec(forgottenUsers);

  it('when a member is forgotten it records them with what they wrote', () => {
    forgottenSpec
      .given([])
      .when(forget)
      .then([{ type: 'UserForgotten', data: { userId: ann, storyIds: ['s'], commentIds: [] } }]);
  });

  it('when the member is recorded already nothing happens', () => {
    forgottenSpec
      .given([{ type: 'UserForgotten', data: { userId: ann, storyIds: [], commentIds: [] } }])
      .when(forget)
      .thenNothingHappens();
  });
});
