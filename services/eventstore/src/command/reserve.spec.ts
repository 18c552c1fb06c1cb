import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, eventCatalog } from '@whosright/contracts/shared/events';
import type { EventStore } from '../port';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import { handleCommand } from './handle-command';
import type { Decider } from './handle-command';
import { reserve } from './reserve';

const events = {
  emailReserved: defineEvent('EmailReserved', z.object({ userId: z.string() })),
  accountRegistered: defineEvent(
    'AccountRegistered',
    z.object({ userId: z.string(), email: z.string() }),
  ),
};
const catalog = eventCatalog(events);
type AccountEvent = { type: 'AccountRegistered'; data: { userId: string; email: string } };
type Register = { userId: string; email: string };

/** A tiny account decider: an account registers once. */
const accountDecider: Decider<{ registered: boolean }, Register, AccountEvent> = {
  initialState: () => ({ registered: false }),
  evolve: () => ({ registered: true }),
  decide: (command, state) =>
    state.registered ? [] : [{ type: 'AccountRegistered', data: command }],
};

const metadata = { visitorId: 'visitor_1', correlationId: 'corr-1' };
const emailStream = (email: string): string =>
  `email-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

async function register(
  store: EventStore,
  command: Register,
): Promise<'registered' | 'email_taken'> {
  const reservation = await reserve(store, emailStream(command.email), {
    type: 'EmailReserved',
    data: { userId: command.userId },
    metadata,
  });
  if (!reservation.reserved) return 'email_taken';
  await handleCommand(store, `user-${command.userId}`, accountDecider, command, { metadata });
  return 'registered';
}

describe('reserve', () => {
  let store: EventStore;
  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog });
  });
  afterEach(() => store.close());

  it('when two registrations of one e-mail run concurrently it creates exactly one account', async () => {
    const outcomes = await Promise.all([
      register(store, { userId: 'user_a', email: 'Sam@example.com' }),
      register(store, { userId: 'user_b', email: 'sam@example.com' }),
    ]);
    expect(outcomes.sort()).toEqual(['email_taken', 'registered']);
    const accounts = [];
    for await (const event of store.readAll({ filter: { eventTypes: ['AccountRegistered'] } }))
      accounts.push(event);
    expect(accounts).toHaveLength(1);
  });

  it('when the value is taken it returns an already-reserved result instead of throwing', async () => {
    await reserve(store, 'email-1', {
      type: 'EmailReserved',
      data: { userId: 'user_a' },
      metadata,
    });
    expect(
      await reserve(store, 'email-1', {
        type: 'EmailReserved',
        data: { userId: 'user_b' },
        metadata,
      }),
    ).toEqual({
      reserved: false,
      reason: 'already_reserved',
      stream: 'email-1',
    });
  });

  it('when the same reservation is re-sent with the same event id it is acknowledged as reserved', async () => {
    const event = {
      id: '0190a5a0-0000-7000-8000-000000000001',
      type: 'EmailReserved',
      data: { userId: 'user_a' },
      metadata,
    };
    const first = await reserve(store, 'email-1', event);
    expect(await reserve(store, 'email-1', event)).toEqual(first);
    expect(first.reserved).toBe(true);
  });
});
