import { SESSIONS } from '@whosright/projections/sessions/docs';
import { USERS, type UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type {
  AdminUserAction,
  CurrentUser,
  RegisterRequest,
} from '@whosright/contracts/account/dto';
import {
  COMMON_PASSWORD_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_TOKEN_MESSAGE,
} from '@whosright/contracts/account/dto';
import { newId } from '@whosright/contracts/shared/ids';
import type { Actor } from '#api/platform/actor';
import {
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '#api/platform/errors';
import { SESSION_TTL_MS, newSessionId, type SessionTokens } from '#api/platform/session-tokens';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import * as user from './decider';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { reservation } from './reservation-decider';
import {
  claim,
  emailStream,
  identityStream,
  reservationHolder,
  usernameStream,
} from './reservations';
import { isCommonPassword } from './common-passwords';
import { isReservedName } from '@whosright/contracts/account/reserved-names';
import { isRefusedProfileImageHost } from '@whosright/contracts/account/profile-image';
import { EmailVerification } from './email-verification';
import {
  emailTaken,
  profileImageRefused,
  reservedFirstName,
  usernameReserved,
  usernameTaken,
} from './rejections';
import { sessionDecider } from './session-decider';
import { newMailedToken, readMailedToken } from './mailed-token';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const ACCOUNT_READ_MODELS = [USERS, SESSIONS] as const;

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface AccountServiceDeps {
  bus: CommandBus;
  users: UserQueries;
  tokens: SessionTokens;
  publicUrl: string;
  adminEmails: readonly string[];
  /** Queues a mail; never throws into the request. */
  sendMail(mail: Mail): Promise<void>;
  now?: () => Date;
}

export interface SignedIn {
  user: CurrentUser;
  cookie: { value: string; expiresAt: Date };
}

export function toCurrentUser(doc: UserDoc): CurrentUser {
  return {
    id: doc._id,
    username: doc.username,
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    profileImageUrl: doc.profileImageUrl,
    role: doc.role,
    status: doc.status,
    createdAt: doc.createdAt,
    emailVerified: doc.emailVerified === true,
    ...(doc.status === 'banned' && doc.ban ? { ban: doc.ban } : {}),
  };
}

async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password))
    throw new ValidationError(COMMON_PASSWORD_MESSAGE, [
      { path: 'password', message: COMMON_PASSWORD_MESSAGE },
    ]);
}

/** Accounts: registration, sign-in, sessions, password reset, external identities, roles and bans. */
export class AccountService {
  private readonly now: () => Date;
  private readonly verification: EmailVerification;

  constructor(private readonly deps: AccountServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.verification = new EmailVerification({ ...deps, now: this.now });
  }

  private listed(email: string): boolean {
    return this.deps.adminEmails.includes(email);
  }

  /** Registers and signs in; mails the link that verifies the address. */
  async register(request: RegisterRequest, actor: Actor): Promise<SignedIn> {
    const userId = await this.createAccount(request, actor);
    await this.verification.send(userId, actor);
    return this.startSession(userId, 'registration', actor, 0);
  }

  /** The mailed link: the address is proven, and ADMIN_EMAILS may now make it an admin. */
  async verifyEmail(token: string, actor: Actor): Promise<void> {
    const userId = await this.verification.verify(token, actor);
    const state = await this.loadUser(userId);
    await this.applyAdminEmails(userId, state, { ...actor, userId });
  }

  /** Mails a new verification link (none when the address is verified already). */
  async resendVerification(userId: string, actor: Actor): Promise<void> {
    await this.verification.send(userId, actor);
  }

  /** The demo seed's admin counts as verified (`seed/demo-admin.ts`). */
  async markVerifiedBySeed(userId: string, actor: Actor): Promise<void> {
    await this.deps.bus.run(
      `user-${userId}`,
      user,
      { type: 'MarkEmailVerified', via: 'seed' },
      actor,
    );
  }

  /** The member as the users read model shows them: what a route answers after a write. */
  async currentUser(userId: string): Promise<CurrentUser> {
    const doc = await this.deps.users.byId(userId);
    if (!doc) throw new NotFoundError('Account not found');
    return toCurrentUser(doc);
  }

  /** Claims the e-mail and records the registration; answers the new user's id. */
  async createAccount(request: RegisterRequest, actor: Actor): Promise<string> {
    // The first name leads every name others see of a member without a username.
    if (isReservedName(request.firstName)) throw reservedFirstName();
    await refuseCommonPassword(request.password);
    const passwordHash = await hashPassword(request.password);
    const userId = await this.claimEmail(request.email, actor);
    await this.deps.bus.run(
      `user-${userId}`,
      user,
      {
        type: 'RegisterUser',
        userId,
        email: request.email,
        firstName: request.firstName,
        lastName: request.lastName,
        passwordHash,
        // Unverified: ADMIN_EMAILS applies once the address is proven.
        role: 'user',
        profileImageUrl: null,
      },
      { ...actor, userId },
    );
    return userId;
  }

  /**
   * Sets the username and picture (null clears). A new username is claimed first (its
   * reservation stream decides who has it); the profile change and the release of the old name
   * are then appended together.
   */
  async updateProfile(
    userId: string,
    profile: { username: string | null; profileImageUrl: string | null },
    actor: Actor,
  ): Promise<void> {
    const state = await this.loadUser(userId);
    if (!state.exists) throw new NotFoundError('Account not found');
    const image = profile.profileImageUrl;
    if (image !== null && isRefusedProfileImageHost(image, this.deps.publicUrl))
      throw profileImageRefused();
    const before = state.username?.toLowerCase() ?? null;
    const after = profile.username?.toLowerCase() ?? null;
    if (after !== null && after !== before) {
      // A name held from before the rule stays its holder's; nobody takes a reserved one anew.
      if (isReservedName(after)) throw usernameReserved();
      const stream = usernameStream(after);
      const result = await claim(this.deps.bus, stream, userId, actor);
      if (!result.claimed && result.holder !== userId) throw usernameTaken();
    }
    await this.deps.bus.runAll(
      [
        commandOn(`user-${userId}`, user, { type: 'UpdateProfile', ...profile }),
        ...(before !== null && before !== after
          ? [
              commandOn(usernameStream(before), reservation, {
                type: 'ReleaseReservation',
                userId,
              }),
            ]
          : []),
      ],
      actor,
      [USERS],
    );
  }

  /**
   * Claims the e-mail for a new user id. A claim whose user was never registered (a crash between
   * the two appends) is taken over, so an e-mail can never be locked out for good.
   */
  private async claimEmail(email: string, actor: Actor): Promise<string> {
    const stream = emailStream(email);
    const candidate = newId('user');
    const result = await claim(this.deps.bus, stream, candidate, actor);
    if (result.claimed) return candidate;
    if (result.holder && !(await this.userExists(result.holder))) return result.holder;
    throw emailTaken();
  }

  private async userExists(userId: string): Promise<boolean> {
    return (await this.loadUser(userId)).exists;
  }

  private async loadUser(userId: string): Promise<user.UserState> {
    return this.deps.bus.state(`user-${userId}`, user);
  }

  private async userIdByEmail(email: string): Promise<string | null> {
    return reservationHolder(this.deps.bus, emailStream(email));
  }

  async login(email: string, password: string, actor: Actor): Promise<SignedIn> {
    const userId = await this.userIdByEmail(email);
    const state = userId ? await this.loadUser(userId) : null;
    if (!userId || !state?.exists || !state.passwordHash) {
      await verifyAgainstDummy(password);
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    }
    const verdict = await verifyPassword(state.passwordHash, password);
    if (!verdict.ok) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    const as = { ...actor, userId };
    if (verdict.needsRehash) {
      await this.deps.bus.run(
        `user-${userId}`,
        user,
        { type: 'UpgradePasswordHash', passwordHash: await hashPassword(password) },
        as,
      );
    }
    await this.applyAdminEmails(userId, state, as);
    // The version the password was checked against: a reset landing meanwhile voids the session.
    return this.startSession(userId, 'password', actor, state.credentialsVersion);
  }

  /**
   * ADMIN_EMAILS holds the admin role for a verified address: granted at verification, sign-in
   * and start. An unverified one stays a member (anyone could register a listed address).
   */
  private async applyAdminEmails(
    userId: string,
    state: user.UserState,
    actor: Actor,
  ): Promise<void> {
    if (!state.email || !this.listed(state.email) || !state.emailVerified) return;
    await this.deps.bus.run(
      `user-${userId}`,
      user,
      { type: 'PromoteUser', reason: 'admin_emails' },
      actor,
      [USERS],
    );
  }

  async startSession(
    userId: string,
    method: 'password' | 'registration' | 'external',
    actor: Actor,
    credentialsVersion: number,
  ): Promise<SignedIn> {
    const sessionId = newSessionId();
    const issuedAt = this.now();
    const expiresAt = new Date(issuedAt.getTime() + SESSION_TTL_MS);
    await this.deps.bus.run(
      `session-${sessionId}`,
      sessionDecider,
      {
        type: 'StartSession',
        sessionId,
        userId,
        method,
        expiresAt: expiresAt.toISOString(),
        credentialsVersion,
      },
      { ...actor, userId },
      ACCOUNT_READ_MODELS,
    );
    const doc = await this.deps.users.byId(userId);
    if (!doc) throw new NotFoundError('Account not found');
    return {
      user: toCurrentUser(doc),
      cookie: {
        value: await this.deps.tokens.sign({ sessionId, userId, issuedAt, expiresAt }),
        expiresAt,
      },
    };
  }

  async renewSession(sessionId: string, expiresAt: Date, actor: Actor): Promise<void> {
    await this.deps.bus.run(
      `session-${sessionId}`,
      sessionDecider,
      { type: 'RenewSession', expiresAt: expiresAt.toISOString() },
      actor,
      [SESSIONS],
    );
  }

  async endSession(sessionId: string, actor: Actor): Promise<void> {
    await this.deps.bus.run(
      `session-${sessionId}`,
      sessionDecider,
      { type: 'EndSession', reason: 'logout' },
      actor,
      [SESSIONS],
    );
  }

  /** Always resolves the same way, whether or not the account exists. */
  async forgotPassword(email: string, actor: Actor): Promise<void> {
    const userId = await this.userIdByEmail(email);
    if (!userId) return;
    const state = await this.loadUser(userId);
    if (!state.exists || !state.passwordHash) return;
    const { token, tokenHash } = newMailedToken(userId);
    const expiresAt = new Date(this.now().getTime() + RESET_TOKEN_TTL_MS).toISOString();
    await this.deps.bus.run(
      `user-${userId}`,
      user,
      { type: 'RequestPasswordReset', tokenHash, expiresAt },
      actor,
    );
    const link = `${this.deps.publicUrl}/login?mode=reset&token=${encodeURIComponent(token)}`;
    await this.deps.sendMail({
      to: email,
      subject: "Reset your Who's Right password",
      text: [
        "Someone asked to reset the password of your Who's Right account.",
        '',
        `Open this link within an hour to choose a new password:\n${link}`,
        '',
        `Or paste this reset token on the sign-in page: ${token}`,
        '',
        'If it was not you, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  /** Sets a new password with a valid token, consumes it and ends every session of the user. */
  async resetPassword(token: string, password: string, actor: Actor): Promise<void> {
    const read = readMailedToken(token);
    if (!read) throw new ValidationError(INVALID_RESET_TOKEN_MESSAGE);
    const { userId, tokenHash } = read;
    // The token is checked before the (deliberately slow) hash: a bogus one costs nothing.
    if (!user.resetTokenValid(await this.loadUser(userId), tokenHash, this.now().toISOString()))
      throw new ValidationError(INVALID_RESET_TOKEN_MESSAGE);
    await refuseCommonPassword(password);
    const passwordHash = await hashPassword(password);
    await this.deps.bus.run(
      `user-${userId}`,
      user,
      { type: 'ResetPassword', tokenHash, passwordHash, now: this.now().toISOString() },
      { ...actor, userId },
      [USERS],
    );
    // The mailed token proved the address: a listed one becomes an admin now.
    await this.applyAdminEmails(userId, await this.loadUser(userId), { ...actor, userId });
  }

  /** Signs in with an external identity: linked by (issuer, subject); by e-mail only when the provider verified it. */
  async externalSignIn(
    identity: {
      issuer: string;
      subject: string;
      email?: string | undefined;
      emailVerified: boolean;
      givenName?: string | undefined;
      familyName?: string | undefined;
      picture?: string | undefined;
    },
    actor: Actor,
  ): Promise<SignedIn> {
    const stream = identityStream(identity.issuer, identity.subject);
    const linked = await reservationHolder(this.deps.bus, stream);
    if (linked && (await this.userExists(linked))) {
      const state = await this.loadUser(linked);
      return this.startSession(linked, 'external', actor, state.credentialsVersion);
    }

    const email = identity.email?.trim().toLowerCase();
    let userId: string | null = null;
    if (email && identity.emailVerified) userId = await this.userIdByEmail(email);
    if (!userId) {
      if (!email)
        throw new ValidationError('Your sign-in provider did not share an e-mail address');
      if (!identity.emailVerified && (await this.userIdByEmail(email))) {
        throw new ConflictError(
          'An account with this email already exists. Sign in with your password.',
        );
      }
      userId = await this.claimEmail(email, actor);
      await this.deps.bus.run(
        `user-${userId}`,
        user,
        {
          type: 'RegisterUser',
          userId,
          email,
          firstName: identity.givenName ?? null,
          lastName: identity.familyName ?? null,
          passwordHash: null,
          role: 'user',
          profileImageUrl: this.acceptablePicture(identity.picture),
        },
        { ...actor, userId },
      );
    }
    const as = { ...actor, userId };
    await claim(this.deps.bus, stream, userId, as);
    await this.deps.bus.run(
      `user-${userId}`,
      user,
      { type: 'LinkExternalIdentity', issuer: identity.issuer, subject: identity.subject },
      as,
    );
    // Only the provider's `email_verified` proves the address (and so can make it an admin).
    if (identity.emailVerified && email)
      await this.deps.bus.run(
        `user-${userId}`,
        user,
        { type: 'MarkEmailVerified', via: 'external' },
        as,
      );
    const state = await this.loadUser(userId);
    await this.applyAdminEmails(userId, state, as);
    return this.startSession(userId, 'external', actor, state.credentialsVersion);
  }

  /** A provider's picture, when it is one a member could set themself (else none). */
  private acceptablePicture(picture: string | undefined): string | null {
    if (!picture?.startsWith('https://')) return null;
    return isRefusedProfileImageHost(picture, this.deps.publicUrl) ? null : picture;
  }

  /** Admin actions by e-mail (CLI) or id (admin API). */
  async changeByEmail(email: string, command: AdminUserAction, actor: Actor): Promise<string> {
    const userId = await this.userIdByEmail(email.trim().toLowerCase());
    if (!userId || !(await this.userExists(userId)))
      throw new NotFoundError(`No account with the e-mail ${email}`);
    await this.change(userId, command, actor);
    return userId;
  }

  /**
   * Bans, unbans, promotes or demotes a user.
   * What the rules need from outside the user's stream (who acts, how many admins there are,
   * ADMIN_EMAILS) is read here and handed to the decider. Repeating an action in effect is a no-op.
   */
  async change(
    userId: string,
    action: AdminUserAction,
    actor: Actor,
    reason: string | null = null,
  ): Promise<void> {
    const target = await this.loadUser(userId);
    if (!target.exists) throw new NotFoundError('User not found');
    const byThemself = actor.userId === userId;
    const command: user.UserCommand =
      action === 'ban'
        ? { type: 'BanUser', reason, byThemself }
        : action === 'unban'
          ? { type: 'UnbanUser', reason }
          : action === 'promote'
            ? { type: 'PromoteUser', reason: 'admin', note: reason }
            : {
                type: 'DemoteUser',
                reason: 'admin',
                note: reason,
                byThemself,
                admins: await this.deps.users.countAdmins(),
                listedInAdminEmails: target.email !== null && this.listed(target.email),
              };
    const result = await this.deps.bus.run(`user-${userId}`, user, command, actor, [USERS]);
    // The same action again changes nothing; the answer still shows the user as they are.
    if (result.events.length === 0) await this.deps.bus.settleAll([USERS]);
  }

  /** At start: accounts whose e-mail is in ADMIN_EMAILS hold the admin role. */
  async promoteConfiguredAdmins(actor: Actor): Promise<number> {
    let promoted = 0;
    for (const email of this.deps.adminEmails) {
      const userId = await this.userIdByEmail(email);
      if (!userId) continue;
      const state = await this.loadUser(userId);
      // Listing an address nobody has proven owning grants nothing.
      if (!state.exists || !state.emailVerified) continue;
      const result = await this.deps.bus.run(
        `user-${userId}`,
        user,
        {
          type: 'PromoteUser',
          reason: 'admin_emails',
        },
        actor,
      );
      promoted += result.events.length;
    }
    return promoted;
  }
}
