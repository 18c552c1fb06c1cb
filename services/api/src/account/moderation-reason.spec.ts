import { describe, it } from 'vitest';
import type { UserEvent } from '@whosright/contracts/account/events';
import { deciderSpec } from '#api/testing/decider-spec';
import { user } from './decider';

const spec = deciderSpec(user);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'user_01JAAAAAAAAAAAAAAAAAAAAAAA',
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: null,
    passwordHash: '$argon2id$x',
    role: 'user',
    profileImageUrl: null,
  },
};
const banned: UserEvent = { type: 'UserBanned', data: { reason: null } };
const promoted: UserEvent = { type: 'UserPromoted', data: { reason: 'admin' } };
const demoteInputs = { byThemself: false, admins: 2, listedInAdminEmails: false };

describe('user decider: moderation reasons', () => {
  it('when an admin bans with a padded reason the ban records it trimmed', () => {
    spec
      .given([registered])
      .when({ type: 'BanUser', reason: '  Spam  ', byThemself: false })
      .then([{ type: 'UserBanned', data: { reason: 'Spam' } }]);
  });

  it('when an admin bans with a blank reason the ban records no reason (null)', () => {
    spec
      .given([registered])
      .when({ type: 'BanUser', reason: '   ', byThemself: false })
      .then([{ type: 'UserBanned', data: { reason: null } }]);
  });

  it('when an admin unbans with a reason the unban carries it; blank, none', () => {
    spec
      .given([registered, banned])
      .when({ type: 'UnbanUser', reason: ' Appeal upheld ' })
      .then([{ type: 'UserUnbanned', data: { reason: 'Appeal upheld' } }]);
    spec
      .given([registered, banned])
      .when({ type: 'UnbanUser', reason: ' ' })
      .then([{ type: 'UserUnbanned', data: {} }]);
  });

  it('when an admin promotes or demotes with a note it is kept trimmed; blank, none', () => {
    spec
      .given([registered])
      .when({ type: 'PromoteUser', reason: 'admin', note: ' Trusted ' })
      .then([{ type: 'UserPromoted', data: { reason: 'admin', note: 'Trusted' } }]);
    spec
      .given([registered])
      .when({ type: 'PromoteUser', reason: 'admin', note: '  ' })
      .then([{ type: 'UserPromoted', data: { reason: 'admin' } }]);
    spec
      .given([registered, promoted])
      .when({ type: 'DemoteUser', reason: 'admin', note: '\t', ...demoteInputs })
      .then([{ type: 'UserDemoted', data: { reason: 'admin' } }]);
  });
});
