import { USERS } from '@whosright/projections/users/docs';
import type { Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { user, type UserState } from './decider';
import { userIdByEmail } from './reservations';
import { userState, userStream } from './user-state';

/**
 * ADMIN_EMAILS: a verified address listed there holds the admin role, granted at start, at
 * verification and at sign-in. An unverified one stays a member (anyone could register a listed
 * address), and a listed admin cannot be demoted (the decider refuses it).
 */
export class AdminEmails {
  constructor(
    private readonly bus: CommandBus,
    private readonly emails: readonly string[],
  ) {}

  listed(email: string | null): boolean {
    return email !== null && this.emails.includes(email);
  }

  /** Promotes the account when its verified address is listed; nothing otherwise. */
  async apply(userId: string, state: UserState, actor: Actor): Promise<void> {
    if (!this.listed(state.email) || !state.emailVerified) return;
    await this.bus.run(
      userStream(userId),
      user,
      { type: 'PromoteUser', reason: 'admin_emails' },
      actor,
      [USERS],
    );
  }

  /** At start: promotes the accounts already there; answers how many were promoted. */
  async promoteListed(actor: Actor): Promise<number> {
    let promoted = 0;
    for (const email of this.emails) {
      const userId = await userIdByEmail(this.bus, email);
      if (!userId) continue;
      const state = await userState(this.bus, userId);
      // Listing an address nobody has proven owning grants nothing.
      if (!state.exists || !state.emailVerified) continue;
      const result = await this.bus.run(
        userStream(userId),
        user,
        { type: 'PromoteUser', reason: 'admin_emails' },
        actor,
      );
      promoted += result.events.length;
    }
    return promoted;
  }
}
