import type { RegisterRequest, CurrentUser } from '@whosright/contracts/account/dto';
import type { NotificationSettings } from '@whosright/contracts/notification/settings';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import type { Mail } from '#api/platform/mail/mailer';
import type { SessionTokens } from '#api/platform/session-tokens';
import type { CommandBus } from '#api/write/command-bus';
import { AdminEmails } from './admin-emails';
import { currentUserOf } from './current-user';
import { EmailVerification } from './email-verification';
import { ExternalSignIn } from './external-sign-in';
import { notificationSettingsById } from './notification-settings';
import { PasswordReset } from './password-reset';
import { Profiles } from './profile';
import { Registration } from './registration';
import { RolesAndBans } from './roles-and-bans';
import { Sessions, type SignedIn } from './sessions';
import { PasswordSignIn } from './sign-in';

export interface AccountUseCasesDeps {
  bus: CommandBus;
  users: UserQueries;
  tokens: SessionTokens;
  publicUrl: string;
  adminEmails: readonly string[];
  /** Queues a mail; never throws into the request. */
  sendMail: (mail: Mail) => Promise<void>;
  now?: () => Date;
}

/**
 * Accounts, as the routes, the seed and the admin CLI use them: each job is its own module
 * (registration, sign-in, sessions, password reset, e-mail verification, external sign-in,
 * profile, roles and bans, ADMIN_EMAILS), built here over one set of dependencies; callers call
 * the one that does the job.
 */
export interface AccountUseCases {
  /** Registers and signs in, and mails the link that verifies the address. */
  signUp(request: RegisterRequest, actor: Actor): Promise<SignedIn>;
  registration: Registration;
  passwordSignIn: PasswordSignIn;
  external: ExternalSignIn;
  sessions: Sessions;
  passwordReset: PasswordReset;
  verification: EmailVerification;
  profiles: Profiles;
  rolesAndBans: RolesAndBans;
  adminEmails: AdminEmails;
  /** The member as the users read model shows them: what a route answers after a write. */
  currentUser(userId: string): Promise<CurrentUser>;
  notificationSettings(userId: string): Promise<NotificationSettings>;
}

export function accountUseCases(deps: AccountUseCasesDeps): AccountUseCases {
  const { bus, users, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const adminEmails = new AdminEmails(bus, deps.adminEmails);
  const sessions = new Sessions({ bus, users, tokens: deps.tokens, now });
  const registration = new Registration(bus);
  const mailing = { bus, adminEmails, publicUrl, sendMail: deps.sendMail, now };
  const verification = new EmailVerification(mailing);
  return {
    async signUp(request, actor) {
      const userId = await registration.createAccount(request, actor);
      await verification.send(userId, actor);
      return sessions.start(userId, 'registration', actor, 0);
    },
    registration,
    passwordSignIn: new PasswordSignIn({ bus, sessions, adminEmails }),
    external: new ExternalSignIn({ bus, registration, sessions, adminEmails, publicUrl }),
    sessions,
    passwordReset: new PasswordReset(mailing),
    verification,
    profiles: new Profiles({ bus, users, publicUrl }),
    rolesAndBans: new RolesAndBans({ bus, users, adminEmails }),
    adminEmails,
    currentUser: (userId) => currentUserOf(users, userId),
    notificationSettings: (userId) => notificationSettingsById(users, userId),
  };
}
