import type { AdminUserAction } from '@whosright/contracts/account/dto';
import { USERS } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import { NotFoundError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn, type StreamCommand } from '#api/write/commands';
import type { AdminEmails } from './admin-emails';
import { user, type UserCommand, type UserState } from './decider';
import { userIdByEmail } from './reservations';
import { userExists, userState, userStream } from './user-state';

export interface RolesAndBansDeps {
  bus: CommandBus;
  users: Pick<UserQueries, 'byId' | 'countAdmins'>;
  adminEmails: AdminEmails;
}

/** An admin's (or the CLI's) actions on a user: ban, unban, promote, demote. */
export class RolesAndBans {
  constructor(private readonly deps: RolesAndBansDeps) {}

  /**
   * Bans, unbans, promotes or demotes a user.
   * Repeating an action in effect is a no-op.
   */
  async change(
    userId: string,
    action: AdminUserAction,
    actor: Actor,
    reason: string | null = null,
    alongside: readonly StreamCommand[] = [],
  ): Promise<void> {
    const target = await userState(this.deps.bus, userId);
    if (!target.exists) throw new NotFoundError('User not found');
    const command = await this.commandFor(action, userId, target, actor, reason);
    const [result] = await this.deps.bus.runAll(
      [commandOn(userStream(userId), user, command), ...alongside],
      actor,
      [USERS],
    );
    // The same action again changes nothing; the answer still shows the user as they are.
    if (result?.events.length === 0) await this.deps.bus.settleAll([USERS]);
  }

  /** The same actions by e-mail (the admin CLI); answers the user's id. */
  async changeByEmail(email: string, action: AdminUserAction, actor: Actor): Promise<string> {
    const userId = await userIdByEmail(this.deps.bus, email.trim().toLowerCase());
    if (!userId || !(await userExists(this.deps.bus, userId)))
      throw new NotFoundError(`No account with the e-mail ${email}`);
    await this.change(userId, action, actor);
    return userId;
  }

  /**
   * What the rules need from outside the user's stream (who acts, how many admins there are,
   * ADMIN_EMAILS) is read here and handed to the decider.
   */
  private async commandFor(
    action: AdminUserAction,
    userId: string,
    target: UserState,
    actor: Actor,
    reason: string | null,
  ): Promise<UserCommand> {
    const byThemself = actor.userId === userId;
    switch (action) {
      case 'ban':
        return { type: 'BanUser', reason, byThemself };
      case 'unban':
        return { type: 'UnbanUser', reason };
      case 'promote':
        return { type: 'PromoteUser', reason: 'admin', note: reason };
      case 'demote':
        return {
          type: 'DemoteUser',
          reason: 'admin',
          note: reason,
          byThemself,
          admins: await this.deps.users.countAdmins(),
          listedInAdminEmails: this.deps.adminEmails.listed(target.email),
        };
      default: {
        const _exhaustive: never = action;
        return _exhaustive;
      }
    }
  }
}
