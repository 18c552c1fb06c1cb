import { describe, expect, it } from 'vitest';
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
    passwordHash: '$argon2id$old',
    role: 'user',
    profileImageUrl: null,
  },
};
const resetRequested: UserEvent = {
  type: 'PasswordResetRequested',
  data: { tokenHash: 'hash-1', expiresAt: '2026-01-01T11:00:00.000Z' },
};

const verified: UserEvent = { type: 'EmailVerified', data: { via: 'link' } };
const verificationRequested: UserEvent = {
  type: 'EmailVerificationRequested',
  data: { tokenHash: 'verify-1', expiresAt: '2026-01-02T10:00:00.000Z' },
};

const demoteInputs = { byThemself: false, admins: 2, listedInAdminEmails: false };

describe('user decider', () => {
  it('when a new user registers it records UserRegistered', () => {
    const { type: _t, ...data } = { type: 'RegisterUser' as const, ...registered.data };
    spec
      .given([])
      .when({ type: 'RegisterUser', ...data })
      .then([registered]);
  });

  it('when the stream already has a user it refuses a second registration', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterUser', ...registered.data })
      .thenThrows(rejected('already_registered'));
  });

  it('when a password account asks for a reset it records the token hash and expiry', () => {
    spec
      .given([registered])
      .when({
        type: 'RequestPasswordReset',
        tokenHash: 'hash-1',
        expiresAt: '2026-01-01T11:00:00.000Z',
      })
      .then([resetRequested]);
  });

  it('when an account without a password asks for a reset it is refused', () => {
    const external: UserEvent = {
      ...registered,
      data: { ...registered.data, passwordHash: null },
    };
    spec
      .given([external])
      .when({ type: 'RequestPasswordReset', tokenHash: 'h', expiresAt: '2026-01-01T11:00:00.000Z' })
      .thenThrows(rejected('no_password'));
  });

  it('when the valid token is used before expiry it changes the password and consumes the token', () => {
    spec
      .given([registered, verified, resetRequested])
      .when({
        type: 'ResetPassword',
        tokenHash: 'hash-1',
        passwordHash: '$argon2id$new',
        now: '2026-01-01T10:30:00.000Z',
      })
      .then([
        {
          type: 'PasswordChanged',
          data: { passwordHash: '$argon2id$new', reason: 'reset', resetTokenHash: 'hash-1' },
        },
      ]);
  });

  it('when the token was already used it is refused', () => {
    const used: UserEvent = {
      type: 'PasswordChanged',
      data: { passwordHash: '$argon2id$new', reason: 'reset', resetTokenHash: 'hash-1' },
    };
    spec
      .given([registered, resetRequested, used])
      .when({
        type: 'ResetPassword',
        tokenHash: 'hash-1',
        passwordHash: 'x',
        now: '2026-01-01T10:31:00.000Z',
      })
      .thenThrows(rejected('invalid_reset_token'));
  });

  it('when the token expired, or a newer request voided it, it is refused', () => {
    spec
      .given([registered, resetRequested])
      .when({
        type: 'ResetPassword',
        tokenHash: 'hash-1',
        passwordHash: 'x',
        now: '2026-01-01T11:00:00.000Z',
      })
      .thenThrows(rejected('invalid_reset_token'));
    const newer: UserEvent = {
      type: 'PasswordResetRequested',
      data: { tokenHash: 'hash-2', expiresAt: '2026-01-01T12:00:00.000Z' },
    };
    spec
      .given([registered, resetRequested, newer])
      .when({
        type: 'ResetPassword',
        tokenHash: 'hash-1',
        passwordHash: 'x',
        now: '2026-01-01T10:40:00.000Z',
      })
      .thenThrows(rejected('invalid_reset_token'));
  });

  it('when a user is banned twice the second ban changes nothing; unban restores', () => {
    spec
      .given([registered])
      .when({ type: 'BanUser', reason: null, byThemself: false })
      .then([{ type: 'UserBanned', data: { reason: null } }]);
    spec
      .given([registered, { type: 'UserBanned', data: { reason: null } }])
      .when({ type: 'BanUser', reason: null, byThemself: false })
      .thenNothingHappens();
    spec
      .given([registered, { type: 'UserBanned', data: { reason: null } }])
      .when({ type: 'UnbanUser' })
      .then([{ type: 'UserUnbanned', data: {} }]);
    spec.given([registered]).when({ type: 'UnbanUser' }).thenNothingHappens();
  });

  it('when promoted or demoted it changes the role only if it differs', () => {
    spec
      .given([registered])
      .when({ type: 'PromoteUser', reason: 'admin' })
      .then([{ type: 'UserPromoted', data: { reason: 'admin' } }]);
    spec
      .given([registered])
      .when({ type: 'DemoteUser', reason: 'admin', ...demoteInputs })
      .thenNothingHappens();
    spec
      .given([registered, { type: 'UserPromoted', data: { reason: 'admin_emails' } }])
      .when({ type: 'DemoteUser', reason: 'admin_emails', ...demoteInputs })
      .then([{ type: 'UserDemoted', data: { reason: 'admin_emails' } }]);
  });

  it('when the profile is unchanged it records nothing', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', username: 'ann', profileImageUrl: null })
      .then([{ type: 'ProfileUpdated', data: { username: 'ann', profileImageUrl: null } }]);
    spec
      .given([
        registered,
        { type: 'ProfileUpdated', data: { username: 'ann', profileImageUrl: null } },
      ])
      .when({ type: 'UpdateProfile', username: 'ann', profileImageUrl: null })
      .thenNothingHappens();
  });

  it('shows the side on comments until the member turns it off, banned or not', () => {
    const hidden: UserEvent = { type: 'SideOnCommentsSet', data: { shown: false } };
    spec.given([registered]).when({ type: 'SetSideOnComments', shown: true }).thenNothingHappens();
    spec.given([registered]).when({ type: 'SetSideOnComments', shown: false }).then([hidden]);
    spec
      .given([registered, hidden])
      .when({ type: 'SetSideOnComments', shown: false })
      .thenNothingHappens();
    spec
      .given([registered, { type: 'UserBanned', data: { reason: null } }, hidden])
      .when({ type: 'SetSideOnComments', shown: true })
      .then([{ type: 'SideOnCommentsSet', data: { shown: true } }]);
  });

  it('records the notification settings only when they change, banned or not', () => {
    const digestOn: UserEvent = {
      type: 'NotificationSettingsSet',
      data: { digest: true, kindsOff: [] },
    };
    spec
      .given([registered])
      .when({ type: 'SetNotificationSettings', change: { digest: false, kinds: { votes: true } } })
      .thenNothingHappens();
    spec
      .given([registered])
      .when({ type: 'SetNotificationSettings', change: { digest: true } })
      .then([digestOn]);
    spec
      .given([registered, { type: 'UserBanned', data: { reason: null } }, digestOn])
      .when({ type: 'SetNotificationSettings', change: { kinds: { flip: false, votes: false } } })
      .then([
        { type: 'NotificationSettingsSet', data: { digest: true, kindsOff: ['votes', 'flip'] } },
      ]);
  });

  it('when an external identity is linked twice it is recorded once', () => {
    const linked: UserEvent = {
      type: 'ExternalIdentityLinked',
      data: { issuer: 'https://idp', subject: 'abc' },
    };
    spec
      .given([registered])
      .when({ type: 'LinkExternalIdentity', issuer: 'https://idp', subject: 'abc' })
      .then([linked]);
    spec
      .given([registered, linked])
      .when({ type: 'LinkExternalIdentity', issuer: 'https://idp', subject: 'abc' })
      .thenNothingHappens();
  });

  it('when the user does not exist every other command is refused', () => {
    spec
      .given([])
      .when({ type: 'BanUser', reason: null, byThemself: false })
      .thenThrows(rejected('unknown_user'));
    spec
      .given([])
      .when({ type: 'UpgradePasswordHash', passwordHash: 'x' })
      .thenThrows(rejected('unknown_user'));
  });

  describe('e-mail verification', () => {
    it('when a reset by mailed token is used on an unverified address it also verifies it', () => {
      spec
        .given([registered, resetRequested])
        .when({
          type: 'ResetPassword',
          tokenHash: 'hash-1',
          passwordHash: '$argon2id$new',
          now: '2026-01-01T10:30:00.000Z',
        })
        .then([
          {
            type: 'PasswordChanged',
            data: { passwordHash: '$argon2id$new', reason: 'reset', resetTokenHash: 'hash-1' },
          },
          { type: 'EmailVerified', data: { via: 'reset' } },
        ]);
    });

    it('when a link is requested it records its hash and expiry; none once verified', () => {
      const request = {
        type: 'RequestEmailVerification' as const,
        tokenHash: 'verify-1',
        expiresAt: '2026-01-02T10:00:00.000Z',
      };
      spec.given([registered]).when(request).then([verificationRequested]);
      spec.given([registered, verified]).when(request).then([]);
    });

    it('when the valid token is used before expiry it verifies the address', () => {
      spec
        .given([registered, verificationRequested])
        .when({ type: 'VerifyEmail', tokenHash: 'verify-1', now: '2026-01-02T09:59:00.000Z' })
        .then([{ type: 'EmailVerified', data: { via: 'link' } }]);
    });

    it('when the token is wrong, expired, replaced by a newer one or for no account it is refused', () => {
      const newer: UserEvent = {
        type: 'EmailVerificationRequested',
        data: { tokenHash: 'verify-2', expiresAt: '2026-01-03T10:00:00.000Z' },
      };
      const cases: Array<[UserEvent[], string, string]> = [
        [[registered, verificationRequested], 'wrong', '2026-01-02T09:00:00.000Z'],
        [[registered, verificationRequested], 'verify-1', '2026-01-02T10:00:00.000Z'],
        [[registered, verificationRequested, newer], 'verify-1', '2026-01-02T09:00:00.000Z'],
        [[], 'verify-1', '2026-01-02T09:00:00.000Z'],
      ];
      for (const [given, tokenHash, now] of cases)
        spec
          .given(given)
          .when({ type: 'VerifyEmail', tokenHash, now })
          .thenThrows(rejected('invalid_verification_token'));
    });

    it('when the address is verified already any token, the used one too, is refused alike', () => {
      for (const tokenHash of ['verify-1', 'anything'])
        spec
          .given([registered, verificationRequested, verified])
          .when({ type: 'VerifyEmail', tokenHash, now: '2026-01-02T09:00:00.000Z' })
          .thenThrows(rejected('invalid_verification_token'));
    });

    it('when a provider or the seed vouches for the address it is verified once', () => {
      spec
        .given([registered])
        .when({ type: 'MarkEmailVerified', via: 'external' })
        .then([{ type: 'EmailVerified', data: { via: 'external' } }]);
      spec.given([registered, verified]).when({ type: 'MarkEmailVerified', via: 'seed' }).then([]);
    });
  });

  it('when a banned user updates their profile it is refused (a ban racing the update wins)', () => {
    spec
      .given([registered, { type: 'UserBanned', data: { reason: null } }])
      .when({ type: 'UpdateProfile', username: 'ann_x', profileImageUrl: null })
      .thenThrows(rejected('banned'));
  });

  describe('credentials version', () => {
    const reset: UserEvent = {
      type: 'PasswordChanged',
      data: { passwordHash: '$argon2id$new', reason: 'reset', resetTokenHash: 'hash-1' },
    };
    const rehash: UserEvent = {
      type: 'PasswordChanged',
      data: { passwordHash: '$argon2id$re', reason: 'rehash', resetTokenHash: null },
    };
    const banned: UserEvent = { type: 'UserBanned', data: { reason: null } };
    const versionAfter = (events: UserEvent[]) =>
      events.reduce((state, event) => user.evolve(state, event), user.initialState())
        .credentialsVersion;

    it('when a password is reset or the user banned the version moves on; a rehash does not move it', () => {
      expect(versionAfter([registered])).toBe(0);
      expect(versionAfter([registered, rehash])).toBe(0);
      expect(versionAfter([registered, resetRequested, reset])).toBe(1);
      expect(versionAfter([registered, resetRequested, reset, banned])).toBe(2);
    });
  });
});
