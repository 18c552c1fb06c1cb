import type {
  AdminUserAction,
  CurrentUser,
  RegisterRequest,
} from '@whosright/contracts/account/dto';
import type {
  NotificationSettings,
  UpdateNotificationSettingsRequest,
} from '@whosright/contracts/notification/settings';
import type { UserQueries } from '@whosright/projections/users/queries';
import { currentUserOf } from './current-user';
import { notificationSettingsById } from './notification-settings';
import type { Actor } from '#api/platform/actor';
import type { Mail } from '#api/platform/mail/mailer';
import type { SessionTokens } from '#api/platform/session-tokens';
import type { CommandBus } from '#api/write/command-bus';
import type { StreamCommand } from '#api/write/commands';
import { AdminEmails } from './admin-emails';
import { EmailVerification } from './email-verification';
import { ExternalSignIn, type ExternalIdentity } from './external-sign-in';
import { PasswordReset } from './password-reset';
import { Profiles, type ProfileChange } from './profile';
import { Registration } from './registration';
import { RolesAndBans } from './roles-and-bans';
import { Sessions, type SignedIn, type SignInMethod } from './sessions';
import { PasswordSignIn } from './sign-in';

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

/**
 * Accounts, as the routes, the seed and the admin CLI use them. Each job has its own module
 * (registration, sign-in, sessions, password reset, e-mail verification, external sign-in,
 * profile, roles and bans, ADMIN_EMAILS); this builds them over one set of dependencies and
 * hands each call to the one that does it.
 */
export class AccountService {
  private readonly adminEmails: AdminEmails;
  private readonly sessions: Sessions;
  private readonly registration: Registration;
  private readonly verification: EmailVerification;
  private readonly passwordSignIn: PasswordSignIn;
  private readonly passwordReset: PasswordReset;
  private readonly external: ExternalSignIn;
  private readonly profiles: Profiles;
  private readonly rolesAndBans: RolesAndBans;
  private readonly users: UserQueries;

  constructor(deps: AccountServiceDeps) {
    const { bus, users } = deps;
    this.users = users;
    const now = deps.now ?? (() => new Date());
    const adminEmails = new AdminEmails(bus, deps.adminEmails);
    const sessions = new Sessions({ bus, users, tokens: deps.tokens, now });
    const registration = new Registration(bus);
    const sendMail = (mail: Mail) => deps.sendMail(mail);
    const mailing = { bus, adminEmails, publicUrl: deps.publicUrl, sendMail, now };
    this.adminEmails = adminEmails;
    this.sessions = sessions;
    this.registration = registration;
    this.verification = new EmailVerification(mailing);
    this.passwordSignIn = new PasswordSignIn({ bus, sessions, adminEmails });
    this.passwordReset = new PasswordReset(mailing);
    this.external = new ExternalSignIn({
      bus,
      registration,
      sessions,
      adminEmails,
      publicUrl: deps.publicUrl,
    });
    this.profiles = new Profiles({ bus, users, publicUrl: deps.publicUrl });
    this.rolesAndBans = new RolesAndBans({ bus, users, adminEmails });
  }

  /** Registers and signs in; mails the link that verifies the address. */
  async register(request: RegisterRequest, actor: Actor): Promise<SignedIn> {
    const userId = await this.registration.createAccount(request, actor);
    await this.verification.send(userId, actor);
    return this.sessions.start(userId, 'registration', actor, 0);
  }

  /** Claims the e-mail and records the registration; answers the new user's id. */
  createAccount(request: RegisterRequest, actor: Actor): Promise<string> {
    return this.registration.createAccount(request, actor);
  }

  login(email: string, password: string, actor: Actor): Promise<SignedIn> {
    return this.passwordSignIn.login(email, password, actor);
  }

  /** Signs in with an external identity (see external-sign-in.ts). */
  externalSignIn(identity: ExternalIdentity, actor: Actor): Promise<SignedIn> {
    return this.external.signIn(identity, actor);
  }

  startSession(
    userId: string,
    method: SignInMethod,
    actor: Actor,
    credentialsVersion: number,
  ): Promise<SignedIn> {
    return this.sessions.start(userId, method, actor, credentialsVersion);
  }

  renewSession(sessionId: string, expiresAt: Date, actor: Actor): Promise<void> {
    return this.sessions.renew(sessionId, expiresAt, actor);
  }

  endSession(sessionId: string, actor: Actor): Promise<void> {
    return this.sessions.end(sessionId, actor);
  }

  /** Always resolves the same way, whether or not the account exists. */
  forgotPassword(email: string, actor: Actor): Promise<void> {
    return this.passwordReset.forgot(email, actor);
  }

  resetPassword(token: string, password: string, actor: Actor): Promise<void> {
    return this.passwordReset.reset(token, password, actor);
  }

  verifyEmail(token: string, actor: Actor): Promise<void> {
    return this.verification.verify(token, actor);
  }

  /** Mails a new verification link (none when the address is verified already). */
  resendVerification(userId: string, actor: Actor): Promise<void> {
    return this.verification.send(userId, actor);
  }

  markVerifiedBySeed(userId: string, actor: Actor): Promise<void> {
    return this.verification.markVerifiedBySeed(userId, actor);
  }

  updateProfile(userId: string, profile: ProfileChange, actor: Actor): Promise<void> {
    return this.profiles.update(userId, profile, actor);
  }

  setSideOnComments(userId: string, shown: boolean, actor: Actor): Promise<void> {
    return this.profiles.setSideOnComments(userId, shown, actor);
  }

  notificationSettings(userId: string): Promise<NotificationSettings> {
    return notificationSettingsById(this.users, userId);
  }

  setNotificationSettings(
    userId: string,
    change: UpdateNotificationSettingsRequest,
    actor: Actor,
  ): Promise<void> {
    return this.profiles.setNotificationSettings(userId, change, actor);
  }

  /** Bans, unbans, promotes or demotes a user (the admin API). */
  change(
    userId: string,
    action: AdminUserAction,
    actor: Actor,
    reason: string | null = null,
    alongside: readonly StreamCommand[] = [],
  ): Promise<void> {
    return this.rolesAndBans.change(userId, action, actor, reason, alongside);
  }

  /** The member as the users read model shows them: what a route answers after a write. */
  currentUser(userId: string): Promise<CurrentUser> {
    return currentUserOf(this.users, userId);
  }

  /** The same by e-mail (the admin CLI). */
  changeByEmail(email: string, action: AdminUserAction, actor: Actor): Promise<string> {
    return this.rolesAndBans.changeByEmail(email, action, actor);
  }

  /** At start: accounts whose e-mail is in ADMIN_EMAILS hold the admin role. */
  promoteConfiguredAdmins(actor: Actor): Promise<number> {
    return this.adminEmails.promoteListed(actor);
  }
}
