import { commandOn } from '#api/write/commands';
import type { MemberGuards } from '#api/write/member-guards';
import { user } from './decider';
import { userStream } from './user-state';

/**
 * The member guards on the account's own fold of the `user-{id}` stream (the bus caches it), so
 * "banned", "leaving" and "there" are decided in one place.
 */
export const memberGuards: MemberGuards = {
  mayWrite: (userId, { removal }) =>
    commandOn(userStream(userId), user, { type: 'AssertMayWrite', removal }, { guard: true }),
  present: (userId, as) =>
    commandOn(userStream(userId), user, { type: 'AssertPresent', as }, { guard: true }),
};
