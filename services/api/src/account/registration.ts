import type { RegisterRequest } from '@whosright/contracts/account/dto';
import { isReservedName } from '@whosright/contracts/account/reserved-names';
import { newIdFor, type Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { refuseCommonPassword } from './common-passwords';
import { user, type UserCommand } from './decider';
import { hashPassword } from './passwords';
import { emailTaken, reservedFirstName } from './rejections';
import { claim, emailStream } from './reservations';
import { userExists, userStream } from './user-state';

/** What a new account is registered with, besides its id (a password's hash, or none). */
export type NewAccount = Omit<Extract<UserCommand, { type: 'RegisterUser' }>, 'type' | 'userId'>;

/** Opening an account: the e-mail claimed first (one account per address), then registered. */
export class Registration {
  constructor(private readonly bus: CommandBus) {}

  /** A sign-up with a password; answers the new user's id. */
  async createAccount(request: RegisterRequest, actor: Actor): Promise<string> {
    // The first name leads every name others see of a member without a username.
    if (isReservedName(request.firstName)) throw reservedFirstName();
    await refuseCommonPassword(request.password);
    return this.open(
      {
        email: request.email,
        firstName: request.firstName,
        lastName: request.lastName,
        passwordHash: await hashPassword(request.password),
        // Unverified: ADMIN_EMAILS applies once the address is proven.
        role: 'user',
        profileImageUrl: null,
      },
      actor,
    );
  }

  /** Claims the account's e-mail and records the registration; answers the new user's id. */
  async open(account: NewAccount, actor: Actor): Promise<string> {
    const userId = await this.claimEmail(account.email, actor);
    await this.bus.run(
      userStream(userId),
      user,
      { type: 'RegisterUser', userId, ...account },
      { ...actor, userId },
    );
    return userId;
  }

  /**
   * Claims the e-mail for a new user id. A claim whose user was never registered (a crash between
   * the two appends) is taken over, so an e-mail can never be locked out for good.
   */
  private async claimEmail(email: string, actor: Actor): Promise<string> {
    const candidate = newIdFor(actor, 'user');
    const result = await claim(this.bus, emailStream(email), candidate, actor);
    if (result.claimed) return candidate;
    if (result.holder && !(await userExists(this.bus, result.holder))) return result.holder;
    throw emailTaken();
  }
}
