import type { UserEvent } from '@whosright/contracts/account/events';
import { commandOn, type Decider, type StreamCommand } from './commands';
import { CommandRejected, type Rejections } from './rejection';
import { ForbiddenError } from '#api/platform/errors';
import { ACCOUNT_LEAVING_MESSAGE, BANNED_MESSAGE } from '@whosright/contracts/account/dto';

interface Standing {
  banned: boolean;
  /** A deletion of the account began (or ended). */
  leaving: boolean;
}

interface AssertMayWrite {
  type: 'AssertMayWrite';
  /** The member removes what they wrote: allowed while their account is being deleted. */
  removal: boolean;
}

/**
 * "The user may write", as a precondition on their `user-{id}` stream: a member's write is
 * appended together with the expectation that the stream has not moved since, so a ban or an
 * account deletion appended in between refuses the write instead of landing after it. That is
 * what lets a deletion sweep the member's stories and comments once it began: none can race it.
 * The read model's check at the edge stays the fast answer.
 */
export const mayWrite: Decider<Standing, AssertMayWrite, UserEvent> = {
  initialState: () => ({ banned: false, leaving: false }),
  evolve(standing, event) {
    switch (event.type) {
      case 'UserBanned':
        return { ...standing, banned: true };
      case 'UserUnbanned':
        return { ...standing, banned: false };
      case 'AccountDeletionStarted':
      case 'AccountDeleted':
        return { ...standing, leaving: true };
      default:
        return standing;
    }
  },
  decide({ removal }, { banned, leaving }) {
    if (leaving) {
      if (removal) return [];
      throw new CommandRejected('active-user', 'leaving');
    }
    if (banned) throw new CommandRejected('active-user', 'banned');
    return [];
  },
};

/** Put first among a write's commands (stores without `appendAll` check it before the others). */
export function activeUserGuard(userId: string, { removal = false } = {}): StreamCommand {
  return commandOn(
    `user-${userId}`,
    mayWrite,
    { type: 'AssertMayWrite', removal },
    { guard: true },
  );
}

export const activeUserRejections: Rejections<'banned' | 'leaving'> = {
  banned: () => new ForbiddenError(BANNED_MESSAGE, 'banned'),
  leaving: () => new ForbiddenError(ACCOUNT_LEAVING_MESSAGE, 'account_deleted'),
};
