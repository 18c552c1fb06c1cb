import { INVALID_RESET_TOKEN_MESSAGE } from '@whosright/contracts/account/dto';
import { USERS } from '@whosright/projections/users/docs';
import type { Actor } from '#api/platform/actor';
import { ValidationError } from '#api/platform/errors';
import type { Mail } from '#api/platform/mail/mailer';
import type { CommandBus } from '#api/write/command-bus';
import type { AdminEmails } from './admin-emails';
import { refuseCommonPassword } from './common-passwords';
import { resetTokenValid, user } from './decider';
import { newMailedToken, readMailedToken } from './mailed-token';
import { hashPassword } from './passwords';
import { userIdByEmail } from './reservations';
import { userState, userStream } from './user-state';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface PasswordResetDeps {
  bus: CommandBus;
  adminEmails: AdminEmails;
  publicUrl: string;
  /** Queues a mail; never throws into the request. */
  sendMail(mail: Mail): Promise<void>;
  now: () => Date;
}

/** A forgotten password: a mailed single-use token, valid an hour, sets a new one. */
export class PasswordReset {
  constructor(private readonly deps: PasswordResetDeps) {}

  /** Always resolves the same way, whether or not the account exists. */
  async forgot(email: string, actor: Actor): Promise<void> {
    const userId = await userIdByEmail(this.deps.bus, email);
    if (!userId) return;
    const state = await userState(this.deps.bus, userId);
    if (!state.exists || !state.passwordHash) return;
    const { token, tokenHash } = newMailedToken(userId);
    const expiresAt = new Date(this.deps.now().getTime() + RESET_TOKEN_TTL_MS).toISOString();
    await this.deps.bus.run(
      userStream(userId),
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
  async reset(token: string, password: string, actor: Actor): Promise<void> {
    const read = readMailedToken(token);
    if (!read) throw new ValidationError(INVALID_RESET_TOKEN_MESSAGE);
    const { userId, tokenHash } = read;
    const as = { ...actor, userId };
    // The token is checked before the (deliberately slow) hash: a bogus one costs nothing.
    const now = this.deps.now().toISOString();
    if (!resetTokenValid(await userState(this.deps.bus, userId), tokenHash, now))
      throw new ValidationError(INVALID_RESET_TOKEN_MESSAGE);
    await refuseCommonPassword(password);
    const passwordHash = await hashPassword(password);
    await this.deps.bus.run(
      userStream(userId),
      user,
      { type: 'ResetPassword', tokenHash, passwordHash, now: this.deps.now().toISOString() },
      as,
      [USERS],
    );
    // The mailed token proved the address: a listed one becomes an admin now.
    await this.deps.adminEmails.apply(userId, await userState(this.deps.bus, userId), as);
  }
}
