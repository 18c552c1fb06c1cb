import { INVALID_CREDENTIALS_MESSAGE } from '@whosright/contracts/account/dto';
import type { Actor } from '#api/platform/actor';
import { UnauthorizedError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import type { AdminEmails } from './admin-emails';
import { user } from './decider';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { userIdByEmail } from './reservations';
import type { Sessions, SignedIn } from './sessions';
import { userState, userStream } from './user-state';

export interface PasswordSignInDeps {
  bus: CommandBus;
  sessions: Sessions;
  adminEmails: AdminEmails;
}

/** Signing in with e-mail and password. */
export class PasswordSignIn {
  constructor(private readonly deps: PasswordSignInDeps) {}

  /**
   * A wrong e-mail costs a password check too, and answers as a wrong password does, so neither
   * the timing nor the answer tells whether an account exists.
   */
  async login(email: string, password: string, actor: Actor): Promise<SignedIn> {
    const { bus } = this.deps;
    const userId = await userIdByEmail(bus, email);
    const state = userId ? await userState(bus, userId) : null;
    if (!userId || !state?.exists || !state.passwordHash) {
      await verifyAgainstDummy(password);
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    }
    const verdict = await verifyPassword(state.passwordHash, password);
    if (!verdict.ok) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    const as = { ...actor, userId };
    if (verdict.needsRehash) {
      await bus.run(
        userStream(userId),
        user,
        { type: 'UpgradePasswordHash', passwordHash: await hashPassword(password) },
        as,
      );
    }
    await this.deps.adminEmails.apply(userId, state, as);
    // The version the password was checked against: a reset landing meanwhile voids the session.
    return this.deps.sessions.start(userId, 'password', actor, state.credentialsVersion);
  }
}
