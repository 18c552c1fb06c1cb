import { describe, it } from 'vitest';
import type { UserEvent } from '@whosright/contracts/account/events';
import { deciderSpec } from '#api/testing/decider-spec';
import { user, type UserRejection, UserCommandRejected } from './decider';

const spec = deciderSpec(user);
const rejected = (reason: UserRejection) => (error: unknown) =>
  error instanceof UserCommandRejected && error.reason === reason;

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'user_01JAAAAAAAAAAAAAAAAAAAAAAA',
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: null,
    passwordHash: '$argon2id$hash',
    role: 'user',
    profileImageUrl: null,
  },
};
const promoted: UserEvent = { type: 'UserPromoted', data: { reason: 'admin' } };
const banned: UserEvent = { type: 'UserBanned', data: { reason: null } };
const demote = {
  type: 'DemoteUser' as const,
  reason: 'admin' as const,
  byThemself: false,
  admins: 2,
  listedInAdminEmails: false,
};

describe('admin rules of the user decider', () => {
  it('when an admin bans a member with a reason it records the reason', () => {
    spec
      .given([registered])
      .when({ type: 'BanUser', reason: 'Spam links', byThemself: false })
      .then([{ type: 'UserBanned', data: { reason: 'Spam links' } }]);
  });

  it('when an admin bans themself it is refused', () => {
    spec
      .given([registered, promoted])
      .when({ type: 'BanUser', reason: null, byThemself: true })
      .thenThrows(rejected('cannot_ban_self'));
  });

  it('when an admin is banned before being demoted it is refused', () => {
    spec
      .given([registered, promoted])
      .when({ type: 'BanUser', reason: null, byThemself: false })
      .thenThrows(rejected('demote_before_ban'));
  });

  it('when a banned member is banned again nothing is recorded', () => {
    spec
      .given([registered, banned])
      .when({ type: 'BanUser', reason: 'again', byThemself: false })
      .thenNothingHappens();
  });

  it('when a member is unbanned with a reason it records the reason; without one, none', () => {
    spec
      .given([registered, banned])
      .when({ type: 'UnbanUser', reason: 'Appeal accepted' })
      .then([{ type: 'UserUnbanned', data: { reason: 'Appeal accepted' } }]);
    spec
      .given([registered, banned])
      .when({ type: 'UnbanUser', reason: null })
      .then([{ type: 'UserUnbanned', data: {} }]);
  });

  it('when a member is promoted or demoted with a reason it records it as a note', () => {
    spec
      .given([registered])
      .when({ type: 'PromoteUser', reason: 'admin', note: 'Runs the events' })
      .then([{ type: 'UserPromoted', data: { reason: 'admin', note: 'Runs the events' } }]);
    spec
      .given([registered, promoted])
      .when({ ...demote, note: 'Stepped down' })
      .then([{ type: 'UserDemoted', data: { reason: 'admin', note: 'Stepped down' } }]);
  });

  it('when an admin demotes themself it is refused', () => {
    spec
      .given([registered, promoted])
      .when({ ...demote, byThemself: true })
      .thenThrows(rejected('cannot_demote_self'));
  });

  it('when the last admin is demoted it is refused', () => {
    spec
      .given([registered, promoted])
      .when({ ...demote, admins: 1 })
      .thenThrows(rejected('last_admin'));
  });

  it('when an admin listed in ADMIN_EMAILS is demoted it is refused', () => {
    spec
      .given([registered, promoted])
      .when({ ...demote, listedInAdminEmails: true })
      .thenThrows(rejected('listed_in_admin_emails'));
  });

  it('when a member who is no admin is demoted nothing is recorded', () => {
    spec.given([registered]).when(demote).thenNothingHappens();
  });
});
