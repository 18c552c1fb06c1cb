import { describe, it } from 'vitest';
import type { UserEvent } from '@whosright/contracts/account/events';
import { deciderSpec } from '#api/testing/decider-spec';
import { mayWrite } from './active-user-guard';
import { CommandRejected } from './rejection';

const spec = deciderSpec({
  ...mayWrite,
  decide: (
    command: Parameters<typeof mayWrite.decide>[0],
    state: Parameters<typeof mayWrite.decide>[1],
  ) => [...mayWrite.decide(command, state)],
});
const banned: UserEvent = { type: 'UserBanned', data: { reason: null } };
const unbanned: UserEvent = { type: 'UserUnbanned', data: {} };
const leaving: UserEvent = { type: 'AccountDeletionStarted', data: {} };
const write = { type: 'AssertMayWrite' as const, removal: false };
const removal = { type: 'AssertMayWrite' as const, removal: true };
const refused = (reason: string) => (error: unknown) =>
  error instanceof CommandRejected && error.reason === reason;

describe('the active-user guard', () => {
  it('when the member is in good standing it allows every write', () => {
    spec.given([]).when(write).then([]);
    spec.given([banned, unbanned]).when(write).then([]);
  });

  it('when the member is banned it refuses writes and removals alike', () => {
    spec.given([banned]).when(write).thenThrows(refused('banned'));
    spec.given([banned]).when(removal).thenThrows(refused('banned'));
  });

  it('when the account is being deleted it refuses new writes but lets the sweep remove them', () => {
    spec.given([leaving]).when(write).thenThrows(refused('leaving'));
    spec.given([banned, leaving]).when(write).thenThrows(refused('leaving'));
    spec.given([leaving]).when(removal).then([]);
    spec.given([banned, leaving]).when(removal).then([]);
  });
});
