import type { UserEvent } from '@whosright/contracts/account/events';
import { commandOn, type Decider, type StreamCommand } from './commands';
import { CommandRejected, type Rejections } from './rejection';
import { ForbiddenError, NotFoundError } from '#api/platform/errors';
import { ACCOUNT_LEAVING_MESSAGE, BANNED_MESSAGE } from '@whosright/contracts/account/dto';

interface Standing {
  banned: boolean;
  /** A deletion of the account began (or ended). */
  leaving: boolean;
}

type StandingCheck =
  | {
      type: 'AssertMayWrite';
      /** The member removes what they wrote: allowed while their account is being deleted. */
      removal: boolean;
    }
  /** Someone else acts on the member's writing (an admin approves it): they must not be leaving. */
  | { type: 'AssertPresent' };

/**
 * "The user may write", as a precondition on their `user-{id}` stream: a member's write is
 * appended together with the expectation that the stream has not moved since, so a ban or an
 * account deletion appended in between refuses the write instead of landing after it. That is
 * what lets a deletion sweep the member's stories and comments once it began: none can race it.
 * The read model's check at the edge stays the fast answer.
 */
export const mayWrite: Decider<Standing, StandingCheck, UserEvent> = {
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
  decide(check, { banned, leaving }) {
    if (check.type === 'AssertPresent') {
      if (leaving) throw new CommandRejected('active-user', 'gone');
      return [];
    }
    if (leaving) {
      if (check.removal) return [];
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

/**
 * Put among an admin's commands on a member's writing that would publish it (approving a held
 * comment): once the member began deleting their account, nothing of theirs is published.
 */
export function authorPresentGuard(userId: string): StreamCommand {
  return commandOn(`user-${userId}`, mayWrite, { type: 'AssertPresent' }, { guard: true });
}

export const activeUserRejections: Rejections<'banned' | 'leaving' | 'gone'> = {
  banned: () => new ForbiddenError(BANNED_MESSAGE, 'banned'),
  leaving: () => new ForbiddenError(ACCOUNT_LEAVING_MESSAGE, 'account_deleted'),
  gone: () => new NotFoundError('Its author has deleted their account'),
};
