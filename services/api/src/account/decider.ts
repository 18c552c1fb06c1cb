import type { Role, UserEvent } from '@whosright/contracts/account/events';
import { givenReason, reasonField } from '@whosright/contracts/moderation/reason';
import {
  DEFAULT_KEPT_SETTINGS,
  toKeptSettings,
  toNotificationSettings,
  type KeptNotificationSettings,
  type UpdateNotificationSettingsRequest,
} from '@whosright/contracts/notification/settings';
import { withChange } from '@whosright/contracts/notification/settings-change';
import { CommandRejected } from '#api/write/rejection';

/**
 * The user aggregate (`user-{id}` stream): pure decide + evolve, one small function per command
 * and per event. Time comes from the command.
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
  /** Whether their side (He / She) shows beside their comments. */
  showsSideOnComments: boolean;
  notificationSettings: KeptNotificationSettings;
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

function initialState(): UserState {
  return {
    exists: false,
    userId: null,
    email: null,
    passwordHash: null,
    role: 'user',
    banned: false,
    username: null,
    profileImageUrl: null,
    showsSideOnComments: true,
    notificationSettings: DEFAULT_KEPT_SETTINGS,
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

type Evolve<K extends UserEvent['type']> = (
  state: UserState,
  event: Extract<UserEvent, { type: K }>,
) => UserState;

const mailedLink = (data: { tokenHash: string; expiresAt: string }) => ({
  tokenHash: data.tokenHash,
  expiresAt: data.expiresAt,
});

/** How each event changes the account: one small function per event, every event listed. */
const evolutions: { [K in UserEvent['type']]: Evolve<K> } = {
  UserRegistered: (state, { data }) => ({
    ...state,
    exists: true,
    userId: data.userId,
    email: data.email,
    passwordHash: data.passwordHash,
    role: data.role,
    profileImageUrl: data.profileImageUrl,
  }),
  PasswordChanged: (state, { data }) => {
    // A reset consumes the mailed token and voids the sessions signed in before it.
    const reset = data.reason === 'reset';
    return {
      ...state,
      passwordHash: data.passwordHash,
      pendingReset: reset ? null : state.pendingReset,
      credentialsVersion: state.credentialsVersion + (reset ? 1 : 0),
    };
  },
  EmailVerificationRequested: (state, { data }) => ({
    ...state,
    pendingVerification: mailedLink(data),
  }),
  EmailVerified: (state) => ({ ...state, emailVerified: true, pendingVerification: null }),
  PasswordResetRequested: (state, { data }) => ({ ...state, pendingReset: mailedLink(data) }),
  ProfileUpdated: (state, { data }) => ({
    ...state,
    username: data.username,
    profileImageUrl: data.profileImageUrl,
  }),
  SideOnCommentsSet: (state, { data }) => ({ ...state, showsSideOnComments: data.shown }),
  NotificationSettingsSet: (state, { data }) => ({ ...state, notificationSettings: data }),
  UserBanned: (state) => ({
    ...state,
    banned: true,
    credentialsVersion: state.credentialsVersion + 1,
  }),
  UserUnbanned: (state) => ({ ...state, banned: false }),
  UserPromoted: (state) => ({ ...state, role: 'admin' }),
  UserDemoted: (state) => ({ ...state, role: 'user' }),
  ExternalIdentityLinked: (state, { data }) => ({
    ...state,
    externalIdentities: [...state.externalIdentities, `${data.issuer} ${data.subject}`],
  }),
  AccountDeletionRequested: (state, { data }) => ({ ...state, pendingDeletion: mailedLink(data) }),
  AccountDeletionStarted: (state) => ({ ...state, leaving: true }),
  AccountDeleted: (state) => ({
    ...state,
    exists: false,
    leaving: true,
    deleted: true,
    pendingDeletion: null,
  }),
};

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
  | { type: 'SetSideOnComments'; shown: boolean }
  | { type: 'SetNotificationSettings'; change: UpdateNotificationSettingsRequest }
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
  | { type: 'DeleteAccount'; via: 'link'; tokenHash: string; now: string; admins: number }
  /**
   * Guards, deciding nothing but whether a write may land beside them (see member-guards.ts).
   * `removal`: the member removes what they wrote, allowed while their account is being deleted.
   */
  | { type: 'AssertMayWrite'; removal: boolean }
  /** Someone acts on the member or their writing: `author` of a writing, or the `member` noted. */
  | { type: 'AssertPresent'; as: 'author' | 'member' };

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
  | 'invalid_deletion_token'
  | 'leaving'
  | 'author_gone'
  | 'member_not_found';

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

type Decide<K extends UserCommand['type']> = (
  command: Extract<UserCommand, { type: K }>,
  state: UserState,
) => UserEvent[];

// ---- registration and passwords ----

const registerUser: Decide<'RegisterUser'> = (command, state) => {
  if (state.exists || state.deleted) throw new UserCommandRejected('already_registered');
  const { type: _type, ...data } = command;
  return [{ type: 'UserRegistered', data }];
};

const requestPasswordReset: Decide<'RequestPasswordReset'> = (command, state) => {
  requireUser(state);
  if (!state.passwordHash) throw new UserCommandRejected('no_password');
  const { tokenHash, expiresAt } = command;
  return [{ type: 'PasswordResetRequested', data: { tokenHash, expiresAt } }];
};

const resetPassword: Decide<'ResetPassword'> = (command, state) => {
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
};

/** A stronger hash of the same password, after a sign-in checked it. */
const upgradePasswordHash: Decide<'UpgradePasswordHash'> = (command, state) => {
  requireUser(state);
  if (!state.passwordHash) return [];
  return [
    {
      type: 'PasswordChanged',
      data: { passwordHash: command.passwordHash, reason: 'rehash', resetTokenHash: null },
    },
  ];
};

// ---- the e-mail address ----

const requestEmailVerification: Decide<'RequestEmailVerification'> = (command, state) => {
  requireUser(state);
  if (state.emailVerified) return [];
  const { tokenHash, expiresAt } = command;
  return [{ type: 'EmailVerificationRequested', data: { tokenHash, expiresAt } }];
};

const verifyEmail: Decide<'VerifyEmail'> = (command, state) => {
  if (!verificationTokenValid(state, command.tokenHash, command.now))
    throw new UserCommandRejected('invalid_verification_token');
  return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { via: 'link' } }];
};

const markEmailVerified: Decide<'MarkEmailVerified'> = (command, state) => {
  requireUser(state);
  return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { via: command.via } }];
};

// ---- profile and external identities ----

const updateProfile: Decide<'UpdateProfile'> = (command, state) => {
  requireUser(state);
  if (state.banned) throw new UserCommandRejected('banned');
  const { username, profileImageUrl } = command;
  if (state.username === username && state.profileImageUrl === profileImageUrl) return [];
  return [{ type: 'ProfileUpdated', data: { username, profileImageUrl } }];
};

/** A privacy choice, not content: a banned member may make it too. */
const setSideOnComments: Decide<'SetSideOnComments'> = (command, state) => {
  requireUser(state);
  if (state.showsSideOnComments === command.shown) return [];
  return [{ type: 'SideOnCommentsSet', data: { shown: command.shown } }];
};

/** Also a choice about oneself, not content: a banned member may make it too. */
const setNotificationSettings: Decide<'SetNotificationSettings'> = (command, state) => {
  requireUser(state);
  const before = toNotificationSettings(state.notificationSettings);
  const after = toKeptSettings(withChange(before, command.change));
  const kept = state.notificationSettings;
  const same =
    after.digest === kept.digest &&
    after.kindsOff.length === kept.kindsOff.length &&
    after.kindsOff.every((kind) => kept.kindsOff.includes(kind));
  return same ? [] : [{ type: 'NotificationSettingsSet', data: after }];
};

const linkExternalIdentity: Decide<'LinkExternalIdentity'> = (command, state) => {
  requireUser(state);
  const { issuer, subject } = command;
  if (state.externalIdentities.includes(`${issuer} ${subject}`)) return [];
  return [{ type: 'ExternalIdentityLinked', data: { issuer, subject } }];
};

// ---- bans and roles (an admin's, or ADMIN_EMAILS') ----

const banUser: Decide<'BanUser'> = (command, state) => {
  requireUser(state);
  if (command.byThemself) throw new UserCommandRejected('cannot_ban_self');
  if (state.banned) return [];
  if (state.role === 'admin') throw new UserCommandRejected('demote_before_ban');
  return [{ type: 'UserBanned', data: { reason: givenReason(command.reason) } }];
};

const unbanUser: Decide<'UnbanUser'> = (command, state) => {
  requireUser(state);
  if (!state.banned) return [];
  return [{ type: 'UserUnbanned', data: reasonField(command.reason) }];
};

const promoteUser: Decide<'PromoteUser'> = (command, state) => {
  requireUser(state);
  if (state.role === 'admin') return [];
  return [{ type: 'UserPromoted', data: withNote(command.reason, command.note) }];
};

const demoteUser: Decide<'DemoteUser'> = (command, state) => {
  requireUser(state);
  if (command.byThemself) throw new UserCommandRejected('cannot_demote_self');
  if (state.role === 'user') return [];
  if (command.listedInAdminEmails) throw new UserCommandRejected('listed_in_admin_emails');
  if (command.admins <= 1) throw new UserCommandRejected('last_admin');
  return [{ type: 'UserDemoted', data: withNote(command.reason, command.note) }];
};

// ---- deleting the account ----

const requestAccountDeletion: Decide<'RequestAccountDeletion'> = (command, state) => {
  requireUser(state);
  const { tokenHash, expiresAt } = command;
  return [{ type: 'AccountDeletionRequested', data: { tokenHash, expiresAt } }];
};

const startAccountDeletion: Decide<'StartAccountDeletion'> = (_command, state) => {
  if (state.leaving) return [];
  requireUser(state);
  return [{ type: 'AccountDeletionStarted', data: {} }];
};

const deleteAccount: Decide<'DeleteAccount'> = (command, state) => {
  // Deleting twice (a resumed deletion) changes nothing.
  if (state.deleted) return [];
  requireUser(state);
  if (command.via === 'link' && !deletionTokenValid(state, command.tokenHash, command.now))
    throw new UserCommandRejected('invalid_deletion_token');
  if (wouldLeaveNoAdmin(state, command.admins)) throw new UserCommandRejected('last_admin_leaving');
  return [{ type: 'AccountDeleted', data: { via: command.via } }];
};

// ---- guards on a member's writes ----

const assertMayWrite: Decide<'AssertMayWrite'> = (command, state) => {
  if (state.leaving) {
    if (command.removal) return [];
    throw new UserCommandRejected('leaving');
  }
  if (state.banned) throw new UserCommandRejected('banned');
  return [];
};

const assertPresent: Decide<'AssertPresent'> = (command, state) => {
  if (command.as === 'author' && state.leaving) throw new UserCommandRejected('author_gone');
  if (command.as === 'member' && (!state.exists || state.leaving))
    throw new UserCommandRejected('member_not_found');
  return [];
};

/** One decision per command, every command listed (the type makes the table complete). */
const decisions: { [K in UserCommand['type']]: Decide<K> } = {
  RegisterUser: registerUser,
  RequestPasswordReset: requestPasswordReset,
  ResetPassword: resetPassword,
  UpgradePasswordHash: upgradePasswordHash,
  RequestEmailVerification: requestEmailVerification,
  VerifyEmail: verifyEmail,
  MarkEmailVerified: markEmailVerified,
  UpdateProfile: updateProfile,
  SetSideOnComments: setSideOnComments,
  SetNotificationSettings: setNotificationSettings,
  LinkExternalIdentity: linkExternalIdentity,
  BanUser: banUser,
  UnbanUser: unbanUser,
  PromoteUser: promoteUser,
  DemoteUser: demoteUser,
  RequestAccountDeletion: requestAccountDeletion,
  StartAccountDeletion: startAccountDeletion,
  DeleteAccount: deleteAccount,
  AssertMayWrite: assertMayWrite,
  AssertPresent: assertPresent,
};

/**
 * The user aggregate (`user-{id}` stream). `decide` returns the events a command produces; an
 * empty list means "nothing to change".
 */
export const user = {
  initialState,
  evolve(state: UserState, event: UserEvent): UserState {
    // The table holds, for each event type, the function taking that type's events.
    return (evolutions[event.type] as Evolve<UserEvent['type']>)(state, event);
  },
  decide(command: UserCommand, state: UserState): UserEvent[] {
    // The table holds, for each command type, the function taking that type's commands.
    return (decisions[command.type] as Decide<UserCommand['type']>)(command, state);
  },
};
