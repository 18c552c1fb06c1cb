import { describe, it } from 'vitest';
import type { UserEvent } from '@whosright/contracts/account/events';
import { deciderSpec } from '#api/testing/decider-spec';
import { CommandRejected } from '#api/write/rejection';
import { user } from './decider';

const spec = deciderSpec(user);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'user_1',
    email: 'a@example.com',
    firstName: null,
    lastName: null,
    passwordHash: 'hash',
    role: 'user',
    profileImageUrl: null,
  },
};
const banned: UserEvent = { type: 'UserBanned', data: { reason: null } };
const unbanned: UserEvent = { type: 'UserUnbanned', data: {} };
const leaving: UserEvent = { type: 'AccountDeletionStarted', data: {} };
const write = { type: 'AssertMayWrite' as const, removal: false };
const removal = { type: 'AssertMayWrite' as const, removal: true };
const refused = (reason: string) => (error: unknown) =>
  error instanceof CommandRejected && error.reason === reason;

describe("the member guards, on the account's own fold", () => {
  it('when the member is in good standing it allows every write', () => {
    spec.given([registered]).when(write).then([]);
    spec.given([registered, banned, unbanned]).when(write).then([]);
  });

  it('when the member is banned it refuses writes and removals alike', () => {
    spec.given([registered, banned]).when(write).thenThrows(refused('banned'));
    spec.given([registered, banned]).when(removal).thenThrows(refused('banned'));
  });

  it('when the account is being deleted it refuses new writes but lets the sweep remove them', () => {
    spec.given([registered, leaving]).when(write).thenThrows(refused('leaving'));
    spec.given([registered, banned, leaving]).when(write).thenThrows(refused('leaving'));
    spec.given([registered, leaving]).when(removal).then([]);
    spec.given([registered, banned, leaving]).when(removal).then([]);
  });

  it('when someone publishes an author leaving, or notes a member not there, it refuses', () => {
    const author = { type: 'AssertPresent' as const, as: 'author' as const };
    const member = { type: 'AssertPresent' as const, as: 'member' as const };
    spec.given([registered, banned]).when(author).then([]);
    spec.given([registered, leaving]).when(author).thenThrows(refused('author_gone'));
    spec.given([registered]).when(member).then([]);
    spec.given([]).when(member).thenThrows(refused('member_not_found'));
    spec.given([registered, leaving]).when(member).thenThrows(refused('member_not_found'));
  });
});
