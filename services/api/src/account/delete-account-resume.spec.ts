import { describe, expect, it } from 'vitest';
import { FORGOTTEN_USERS_STREAM } from '@whosright/contracts/account/events';
import type { ForgettingLog } from '@whosright/eventstore/port';
import { openLogElsewhere } from '#api/app/testing/log-elsewhere';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { commandBusOver } from '#api/app/command-bus-over';
import type { MemberStreamQueries } from '@whosright/projections/member-streams/queries';
import type { HeldCommentDoc } from '@whosright/projections/comments/docs';
import type { SessionQueries } from '@whosright/projections/sessions/queries';
import { AccountDeletion } from './delete-account';
import { emailStream, reservationHolder, usernameStream } from './reservations';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const meta = { correlationId: 'test' };

/** A deletion stopped after AccountDeleted, before its releases (a store without appendAll). */
async function interruptedDeletion() {
  const store = openLogElsewhere(':memory:');
  const claim = { type: 'ReservationClaimed', data: { userId: ann }, metadata: meta };
  await store.append(emailStream('ann@example.com'), [claim], 'no_stream');
  await store.append(usernameStream('ann_l'), [claim], 'no_stream');
  await store.append(
    `user-${ann}`,
    [
      {
        type: 'UserRegistered',
        data: {
          userId: ann,
          email: 'ann@example.com',
          firstName: 'Ann',
          lastName: null,
          passwordHash: 'hash',
          role: 'user',
          profileImageUrl: null,
        },
        metadata: meta,
      },
      {
        type: 'ProfileUpdated',
        data: { username: 'ann_l', profileImageUrl: null },
        metadata: meta,
      },
    ],
    'no_stream',
  );
  await store.append(
    FORGOTTEN_USERS_STREAM,
    [
      {
        type: 'UserForgotten',
        data: { userId: ann, storyIds: [], commentIds: [] },
        metadata: meta,
      },
    ],
    'any',
  );
  await store.append(
    `user-${ann}`,
    [{ type: 'AccountDeleted', data: { via: 'password' }, metadata: meta }],
    'any',
  );
  return store;
}

function resumingDeletion(
  bus: CommandBus,
  held: HeldCommentDoc[] = [],
  deleteComment: (commentId: string, userId: string) => Promise<void> = () => Promise.resolve(),
) {
  return new AccountDeletion({
    bus,
    // Resuming reads the registry's state through the bus; the sweep's log is not asked.
    log: {} as ForgettingLog,
    streams: {} as MemberStreamQueries,
    held: { heldPage: () => Promise.resolve({ items: held, next: undefined }) },
    sessions: {} as SessionQueries,
    users: { countAdmins: () => Promise.resolve(1) },
    deleteStory: () => Promise.resolve(),
    deleteComment,
    publicUrl: 'http://localhost',
    sendMail: () => Promise.resolve(),
  });
}

const heldBy = (commentId: string, authorId: string) =>
  ({ _id: commentId, authorId }) as HeldCommentDoc;

describe('resuming account deletions at start', () => {
  it('when a forgotten member still has a comment held for review it is withdrawn as theirs, others stay', async () => {
    const store = await interruptedDeletion();
    const withdrawn: Array<[string, string]> = [];
    const deletion = resumingDeletion(
      commandBusOver(store, null),
      [heldBy('c-ann', ann), heldBy('c-bob', 'user_01JBBBBBBBBBBBBBBBBBBBBBBB')],
      (commentId, userId) => {
        withdrawn.push([commentId, userId]);
        return Promise.resolve();
      },
    );
    await deletion.resume(SYSTEM_ACTOR);
    expect(withdrawn).toEqual([['c-ann', ann]]);
    await store.close();
  });

  it('when a deleted member still holds their e-mail and username it releases both, once', async () => {
    const store = await interruptedDeletion();
    const bus = commandBusOver(store, null);
    const deletion = resumingDeletion(bus);
    await deletion.resume(SYSTEM_ACTOR);
    expect(await reservationHolder(bus, emailStream('ann@example.com'))).toBeNull();
    expect(await reservationHolder(bus, usernameStream('ann_l'))).toBeNull();
    const head = await store.headPosition();
    await deletion.resume(SYSTEM_ACTOR);
    expect(await store.headPosition()).toBe(head);
    await store.close();
  });
});
