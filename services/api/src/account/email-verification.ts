import { USERS } from '@whosright/projections/users/docs';
import { INVALID_VERIFICATION_TOKEN_MESSAGE } from '@whosright/contracts/account/dto';
import type { Actor } from '#api/platform/actor';
import { ValidationError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import type { AdminEmails } from './admin-emails';
import { user } from './decider';
import { newMailedToken, readMailedToken } from './mailed-token';
import { userState, userStream } from './user-state';

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export interface EmailVerificationDeps {
  bus: CommandBus;
  adminEmails: AdminEmails;
  publicUrl: string;
  sendMail(mail: { to: string; subject: string; text: string }): Promise<void>;
  now: () => Date;
}

/**
 * Proving an e-mail address: a single-use link, its secret kept only as a hash and
 * valid 24 hours, mailed at registration and on request. A newer link replaces the older one.
 */
export class EmailVerification {
  constructor(private readonly deps: EmailVerificationDeps) {}

  /** Mails a new link unless the address is already verified. */
  async send(userId: string, actor: Actor): Promise<void> {
    const state = await userState(this.deps.bus, userId);
    if (!state.exists || state.emailVerified || !state.email) return;
    const { token, tokenHash } = newMailedToken(userId);
    const expiresAt = new Date(this.deps.now().getTime() + VERIFICATION_TOKEN_TTL_MS);
    await this.deps.bus.run(
      userStream(userId),
      user,
      {
        type: 'RequestEmailVerification',
        tokenHash,
        expiresAt: expiresAt.toISOString(),
      },
      { ...actor, userId },
    );
    const link = `${this.deps.publicUrl}/login?mode=verify&token=${encodeURIComponent(token)}`;
    await this.deps.sendMail({
      to: state.email,
      subject: "Confirm your e-mail address for Who's Right",
      text: [
        "Welcome to Who's Right! Please confirm that this address is yours.",
        '',
        `Open this link within 24 hours:\n${link}`,
        '',
        'If you did not create an account, ignore this mail.',
      ].join('\n'),
    });
  }

  /**
   * Checks the mailed token and marks the address verified: the address is proven, so
   * ADMIN_EMAILS may now make it an admin.
   */
  async verify(token: string, actor: Actor): Promise<void> {
    const read = readMailedToken(token);
    if (!read) throw new ValidationError(INVALID_VERIFICATION_TOKEN_MESSAGE);
    const { userId, tokenHash } = read;
    const as = { ...actor, userId };
    await this.deps.bus.run(
      userStream(userId),
      user,
      { type: 'VerifyEmail', tokenHash, now: this.deps.now().toISOString() },
      as,
      [USERS],
    );
    await this.deps.adminEmails.apply(userId, await userState(this.deps.bus, userId), as);
  }

  /** The demo seed's admin counts as verified (`seed/demo-admin.ts`). */
  async markVerifiedBySeed(userId: string, actor: Actor): Promise<void> {
    await this.deps.bus.run(
      userStream(userId),
      user,
      { type: 'MarkEmailVerified', via: 'seed' },
      actor,
    );
  }
}
