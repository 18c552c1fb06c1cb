import type { Role, UserEvent } from '@whosright/contracts/account/events';
import { givenReason, reasonField } from '@whosright/contracts/moderation/reason';
import { CommandRejected } from '#api/write/rejection';

/**
 * The user aggregate (`user-{id}` stream): pure decide + evolve. Time comes from the command.
 */

export interface UserState {
  exists: boolean;
  userId: string | null;
  email: string | null;
  passwordHash: string | null;
  role: Role;
  banned: boolean;
  username: string | null;
  profileImageUrl: string | null;
  pendingReset: { tokenHash: string; expiresAt: string } | null;
  externalIdentities: string[];
  emailVerified: boolean;
  pendingVerification: { tokenHash: string; expiresAt: string } | null;
  /**
   * Bumped by every password reset and ban: a session carries the version its sign-in was
   * checked against, and an older one is void (a sign-in racing a reset cannot survive it).
   */
  credentialsVersion: number;
  /** A confirmed deletion began: the member's writes are refused from here on. */
  leaving: boolean;
  /** The member deleted their account: the stream takes no more commands. */
  deleted: boolean;
  /** The mailed link that confirms a deletion of an account without a password. */
  pendingDeletion: { tokenHash: string; expiresAt: string } | null;
}

export function initialState(): UserState {
  return {
    exists: false,
    userId: null,
    email: null,
    passwordHash: null,
    role: 'user',
    banned: false,
    username: null,
    profileImageUrl: null,
    pendingReset: null,
    externalIdentities: [],
    emailVerified: false,
    pendingVerification: null,
    credentialsVersion: 0,
    leaving: false,
    deleted: false,
    pendingDeletion: null,
  };
}

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        exists: true,
        userId: event.data.userId,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        role: event.data.role,
        profileImageUrl: event.data.profileImageUrl,
      };
    case 'PasswordChanged':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        pendingReset: event.data.reason === 'reset' ? null : state.pendingReset,
        credentialsVersion: state.credentialsVersion + (event.data.reason === 'reset' ? 1 : 0),
      };
    case 'EmailVerificationRequested':
      return {
        ...state,
        pendingVerification: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      };
    case 'EmailVerified':
      return { ...state, emailVerified: true, pendingVerification: null };
    case 'PasswordResetRequested':
      return {
        ...state,
        pendingReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      };
    case 'ProfileUpdated':
      return {
        ...state,
        username: event.data.username,
        profileImageUrl: event.data.profileImageUrl,
      };
    case 'UserBanned':
      return { ...state, banned: true, credentialsVersion: state.credentialsVersion + 1 };
    case 'UserUnbanned':
      return { ...state, banned: false };
    case 'UserPromoted':
      return { ...state, role: 'admin' };
    case 'UserDemoted':
      return { ...state, role: 'user' };
    case 'ExternalIdentityLinked':
      return {
        ...state,
        externalIdentities: [
          ...state.externalIdentities,
          `${event.data.issuer} ${event.data.subject}`,
        ],
      };
    case 'AccountDeletionRequested':
      return {
        ...state,
        pendingDeletion: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      };
    case 'AccountDeletionStarted':
      return { ...state, leaving: true };
    case 'AccountDeleted':
      return { ...state, exists: false, leaving: true, deleted: true, pendingDeletion: null };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      firstName: string | null;
      lastName: string | null;
      passwordHash: string | null;
      role: Role;
      profileImageUrl: string | null;
    }
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string }
  | { type: 'RequestEmailVerification'; tokenHash: string; expiresAt: string }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  | { type: 'MarkEmailVerified'; via: 'external' | 'seed' }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: string }
  | { type: 'UpgradePasswordHash'; passwordHash: string }
  | { type: 'UpdateProfile'; username: string | null; profileImageUrl: string | null }
  | {
      type: 'BanUser';
      reason: string | null;
      /** Whether the admin acting is the user (decided outside: who is signed in). */
      byThemself: boolean;
    }
  | { type: 'UnbanUser'; reason?: string | null }
  | { type: 'PromoteUser'; reason: 'admin' | 'admin_emails'; note?: string | null }
  | {
      type: 'DemoteUser';
      reason: 'admin' | 'admin_emails';
      note?: string | null;
      byThemself: boolean;
      /** How many admins there are now, this user included (the users read model). */
      admins: number;
      /** Whether the user's e-mail is in ADMIN_EMAILS, which would promote them again. */
      listedInAdminEmails: boolean;
    }
  | { type: 'LinkExternalIdentity'; issuer: string; subject: string }
  | { type: 'RequestAccountDeletion'; tokenHash: string; expiresAt: string }
  /** The confirmation was checked by the service. */
  | { type: 'StartAccountDeletion' }
  /**
   * The password was checked by the service; a link's token is checked here. `admins`: how many
   * admins there are now, this user included (the users read model).
   */
  | { type: 'DeleteAccount'; via: 'password'; admins: number }
  | { type: 'DeleteAccount'; via: 'link'; tokenHash: string; now: string; admins: number };

/** Why a user command was refused; `rejections.ts` says what the client sees for each. */
export type UserRejection =
  | 'already_registered'
  | 'unknown_user'
  | 'no_password'
  | 'invalid_reset_token'
  | 'invalid_verification_token'
  | 'banned'
  | 'cannot_ban_self'
  | 'cannot_demote_self'
  | 'demote_before_ban'
  | 'last_admin'
  | 'last_admin_leaving'
  | 'listed_in_admin_emails'
  | 'invalid_deletion_token';

export class UserCommandRejected extends CommandRejected<UserRejection> {
  constructor(reason: UserRejection) {
    super('account', reason);
  }
}

/**
 * Whether a mailed link's token (its hash) is the pending one and unexpired. The hashes are
 * compared in constant time, and before anything else about the account is looked at, so an
 * answer never tells a guessed token apart from a wrong one.
 */
function mailedTokenValid(
  state: UserState,
  pending: { tokenHash: string; expiresAt: string } | null,
  tokenHash: string,
  now: string,
): boolean {
  const matches = sameHash(pending?.tokenHash ?? '', tokenHash);
  return (
    matches && state.exists && pending !== null && Date.parse(pending.expiresAt) > Date.parse(now)
  );
}

/** Compares two hex digests without stopping at the first difference. */
function sameHash(expected: string, given: string): boolean {
  let difference = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++)
    difference |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0);
  return difference === 0 && expected.length > 0;
}

/**
 * Whether a reset token (its hash) is the account's pending one and unexpired. A token naming an
 * account that does not exist is just an invalid token. The service asks first, so a bogus token
 * never costs a password hash.
 */
export function resetTokenValid(state: UserState, tokenHash: string, now: string): boolean {
  return mailedTokenValid(state, state.pendingReset, tokenHash, now);
}

/** Whether a deletion link's token (its hash) is the account's pending one and unexpired. */
export function deletionTokenValid(state: UserState, tokenHash: string, now: string): boolean {
  return mailedTokenValid(state, state.pendingDeletion, tokenHash, now);
}

/**
 * Whether a verification link's token is the pending one. Verifying clears it, so a used link is
 * as invalid as a wrong one, whether or not the address is verified.
 */
export function verificationTokenValid(state: UserState, tokenHash: string, now: string): boolean {
  return mailedTokenValid(state, state.pendingVerification, tokenHash, now);
}

/**
 * Whether deleting this account would leave the site without an admin: the last one must promote
 * someone first. `admins` counts the admins now, this user included.
 */
export function wouldLeaveNoAdmin(state: UserState, admins: number): boolean {
  return state.role === 'admin' && admins <= 1;
}

function requireUser(state: UserState): void {
  if (!state.exists) throw new UserCommandRejected('unknown_user');
}

/** Who decided a promotion or demotion, and the admin's note when they gave one. */
function withNote(reason: 'admin' | 'admin_emails', note: string | null | undefined) {
  const given = givenReason(note);
  return given === null ? { reason } : { reason, note: given };
}

/** Returns the events a command produces; an empty list means "nothing to change". */
export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.exists || state.deleted) throw new UserCommandRejected('already_registered');
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data }];
    }
    case 'RequestPasswordReset':
      requireUser(state);
      if (!state.passwordHash) throw new UserCommandRejected('no_password');
      return [
        {
          type: 'PasswordResetRequested',
          data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];
    case 'ResetPassword': {
      if (!resetTokenValid(state, command.tokenHash, command.now))
        throw new UserCommandRejected('invalid_reset_token');
      const changed: UserEvent = {
        type: 'PasswordChanged',
        data: {
          passwordHash: command.passwordHash,
          reason: 'reset',
          resetTokenHash: command.tokenHash,
        },
      };
      // The token came by mail: using it proves the address.
      return state.emailVerified
        ? [changed]
        : [changed, { type: 'EmailVerified', data: { via: 'reset' } }];
    }
    case 'RequestEmailVerification':
      requireUser(state);
      if (state.emailVerified) return [];
      return [
        {
          type: 'EmailVerificationRequested',
          data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];
    case 'VerifyEmail':
      if (!verificationTokenValid(state, command.tokenHash, command.now))
        throw new UserCommandRejected('invalid_verification_token');
      return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { via: 'link' } }];
    case 'MarkEmailVerified':
      requireUser(state);
      return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { via: command.via } }];
    case 'UpgradePasswordHash':
      requireUser(state);
      if (!state.passwordHash) return [];
      return [
        {
          type: 'PasswordChanged',
          data: { passwordHash: command.passwordHash, reason: 'rehash', resetTokenHash: null },
        },
      ];
    case 'UpdateProfile':
      requireUser(state);
      if (state.banned) throw new UserCommandRejected('banned');
      if (state.username === command.username && state.profileImageUrl === command.profileImageUrl)
        return [];
      return [
        {
          type: 'ProfileUpdated',
          data: { username: command.username, profileImageUrl: command.profileImageUrl },
        },
      ];
    case 'BanUser':
      requireUser(state);
      if (command.byThemself) throw new UserCommandRejected('cannot_ban_self');
      if (state.banned) return [];
      if (state.role === 'admin') throw new UserCommandRejected('demote_before_ban');
      return [{ type: 'UserBanned', data: { reason: givenReason(command.reason) } }];
    case 'UnbanUser':
      requireUser(state);
      if (!state.banned) return [];
      return [{ type: 'UserUnbanned', data: reasonField(command.reason) }];
    case 'PromoteUser':
      requireUser(state);
      if (state.role === 'admin') return [];
      return [{ type: 'UserPromoted', data: withNote(command.reason, command.note) }];
    case 'DemoteUser':
      requireUser(state);
      if (command.byThemself) throw new UserCommandRejected('cannot_demote_self');
      if (state.role === 'user') return [];
      if (command.listedInAdminEmails) throw new UserCommandRejected('listed_in_admin_emails');
      if (command.admins <= 1) throw new UserCommandRejected('last_admin');
      return [{ type: 'UserDemoted', data: withNote(command.reason, command.note) }];
    case 'LinkExternalIdentity': {
      requireUser(state);
      const key = `${command.issuer} ${command.subject}`;
      if (state.externalIdentities.includes(key)) return [];
      return [
        {
          type: 'ExternalIdentityLinked',
          data: { issuer: command.issuer, subject: command.subject },
        },
      ];
    }
    case 'RequestAccountDeletion':
      requireUser(state);
      return [
        {
          type: 'AccountDeletionRequested',
          data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];
    case 'StartAccountDeletion':
      if (state.leaving) return [];
      requireUser(state);
      return [{ type: 'AccountDeletionStarted', data: {} }];
    case 'DeleteAccount':
      // Deleting twice (a resumed deletion) changes nothing.
      if (state.deleted) return [];
      requireUser(state);
      if (command.via === 'link' && !deletionTokenValid(state, command.tokenHash, command.now))
        throw new UserCommandRejected('invalid_deletion_token');
      if (wouldLeaveNoAdmin(state, command.admins))
        throw new UserCommandRejected('last_admin_leaving');
      return [{ type: 'AccountDeleted', data: { via: command.via } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}
