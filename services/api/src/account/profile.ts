import { isRefusedProfileImageHost } from '@whosright/contracts/account/profile-image';
import { isReservedName } from '@whosright/contracts/account/reserved-names';
import type { UpdateNotificationSettingsRequest } from '@whosright/contracts/notification/settings';
import { USERS } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import { NotFoundError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import { user } from './decider';
import { reservation } from './reservation-decider';
import { profileImageRefused, usernameReserved, usernameTaken } from './rejections';
import { claim, usernameStream } from './reservations';
import { userState, userStream } from './user-state';

export interface ProfileChange {
  username: string | null;
  profileImageUrl: string | null;
}

export interface ProfilesDeps {
  bus: CommandBus;
  users: Pick<UserQueries, 'byId'>;
  publicUrl: string;
}

/** A member's username (unique in any case) and picture, and whether their side shows. */
export class Profiles {
  constructor(private readonly deps: ProfilesDeps) {}

  /**
   * Sets the username and picture (null clears). A new username is claimed first (its
   * reservation stream decides who has it); the profile change and the release of the old name
   * are then appended together.
   */
  async update(userId: string, profile: ProfileChange, actor: Actor): Promise<void> {
    const state = await userState(this.deps.bus, userId);
    if (!state.exists) throw new NotFoundError('Account not found');
    const image = profile.profileImageUrl;
    if (image !== null && isRefusedProfileImageHost(image, this.deps.publicUrl))
      throw profileImageRefused();
    const before = state.username?.toLowerCase() ?? null;
    const after = profile.username?.toLowerCase() ?? null;
    if (after !== null && after !== before) await this.claimUsername(after, userId, actor);
    const released = before !== null && before !== after;
    await this.deps.bus.runAll(
      [
        commandOn(userStream(userId), user, { type: 'UpdateProfile', ...profile }),
        ...(released
          ? [commandOn(usernameStream(before), reservation, { type: 'ReleaseReservation', userId })]
          : []),
      ],
      actor,
      [USERS],
    );
  }

  /** Shows or hides the member's side (He / She) beside their comments. */
  async setSideOnComments(userId: string, shown: boolean, actor: Actor): Promise<void> {
    const state = await userState(this.deps.bus, userId);
    if (!state.exists) throw new NotFoundError('Account not found');
    await this.deps.bus.runAll(
      [commandOn(userStream(userId), user, { type: 'SetSideOnComments', shown })],
      actor,
      [USERS],
    );
  }

  /** Changes what the member hears of their notifications; the same choice appends nothing. */
  async setNotificationSettings(
    userId: string,
    change: UpdateNotificationSettingsRequest,
    actor: Actor,
  ): Promise<void> {
    const state = await userState(this.deps.bus, userId);
    if (!state.exists) throw new NotFoundError('Account not found');
    await this.deps.bus.runAll(
      [commandOn(userStream(userId), user, { type: 'SetNotificationSettings', change })],
      actor,
      [USERS],
    );
  }

  /** The first claim of a name wins; its holder may claim it again (a change of case). */
  private async claimUsername(username: string, userId: string, actor: Actor): Promise<void> {
    // A name held from before the rule stays its holder's; nobody takes a reserved one anew.
    if (isReservedName(username)) throw usernameReserved();
    const result = await claim(this.deps.bus, usernameStream(username), userId, actor);
    if (!result.claimed && result.holder !== userId) throw usernameTaken();
  }
}
