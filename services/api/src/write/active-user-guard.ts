import type { UserEvent } from '@whosright/contracts/account/events';
import type { Decider } from '@whosright/eventstore/command/handle-command';
import { commandOn, type StreamCommand } from '@whosright/eventstore/command/handle-commands';
import { CommandRejected, type Rejections } from './rejection';
import { ForbiddenError } from '#api/platform/errors';
import { BANNED_MESSAGE } from '@whosright/contracts/account/dto';

/**
 * "The user is not banned", as a precondition on their `user-{id}` stream: a member's write is
 * appended together with the expectation that the stream has not moved since, so a ban appended
 * in between (by an admin, or the admin CLI in another process) refuses the write instead of
 * landing after the ban (issue 18). The read model's check at the edge stays the fast answer.
 */
const notBanned: Decider<boolean, { type: 'AssertNotBanned' }, UserEvent> = {
  initialState: () => false,
  evolve: (banned, event) =>
    event.type === 'UserBanned' ? true : event.type === 'UserUnbanned' ? false : banned,
  decide(_command, banned) {
    if (banned) throw new CommandRejected('active-user', 'banned');
    return [];
  },
};

/** Put first among a write's commands (stores without `appendAll` check it before the others). */
export function activeUserGuard(userId: string): StreamCommand {
  return commandOn(`user-${userId}`, notBanned, { type: 'AssertNotBanned' }, { guard: true });
}

export const activeUserRejections: Rejections<'banned'> = {
  banned: () => new ForbiddenError(BANNED_MESSAGE, 'banned'),
};
