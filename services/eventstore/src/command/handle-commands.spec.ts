import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEvent, eventCatalog } from '@whosright/contracts/shared/events';
import type { EventStore } from '../port';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import { CommandRetriesExhausted, type Decider } from './handle-command';
import { commandOn, handleCommands } from './handle-commands';

const catalog = eventCatalog({ seatTaken: defineEvent('SeatTaken', z.object({ by: z.string() })) });
type SeatTaken = { type: 'SeatTaken'; data: { by: string } };

class SeatTakenAlready extends Error {}

/** One seat per stream: the first taker gets it, any later one is refused. */
const seat: Decider<string | null, { by: string }, SeatTaken> = {
  initialState: () => null,
  evolve: (_state, event) => event.data.by,
  decide(command, state) {
    if (state !== null) throw new SeatTakenAlready(state);
    return [{ type: 'SeatTaken', data: { by: command.by } }];
  },
};

/** Remembers who came, once each: coming again decides nothing. */
const guestbook: Decider<string[], { by: string }, SeatTaken> = {
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.by],
  decide: (command, state) =>
    state.includes(command.by) ? [] : [{ type: 'SeatTaken', data: { by: command.by } }],
};

const metadata = { correlationId: 'corr-1' };

async function takers(store: EventStore, stream: string): Promise<string[]> {
  const seen: string[] = [];
  for await (const event of store.readStream(stream)) seen.push((event.data as { by: string }).by);
  return seen;
}

describe('handleCommands', () => {
  let store: EventStore;
  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog });
  });
  afterEach(() => store.close());

  const takeSeat = (by: string, where = 'seat-1') => [
    commandOn(where, seat, { by }),
    commandOn('guestbook', guestbook, { by }),
  ];

  it('when every command decides, their events are appended together, one position after the other', async () => {
    const [taken, signed] = await handleCommands(store, takeSeat('ann'), { metadata });
    expect(taken!.events).toEqual([
      { type: 'SeatTaken', data: { by: 'ann' }, id: expect.any(String) },
    ]);
    expect(signed!.position).toBe(taken!.position! + 1n);
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });

  it('when one command is refused nothing is written to any stream', async () => {
    await handleCommands(store, takeSeat('ann'), { metadata });
    await expect(handleCommands(store, takeSeat('bob'), { metadata })).rejects.toBeInstanceOf(
      SeatTakenAlready,
    );
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });

  it('when a command decides nothing the others are still appended', async () => {
    await handleCommands(store, takeSeat('ann', 'seat-1'), { metadata });
    const [taken, signed] = await handleCommands(store, takeSeat('ann', 'seat-2'), { metadata });
    expect(taken!.position).toBeDefined();
    expect(signed).toMatchObject({ events: [], position: undefined });
  });

  it('when 20 take the same seat at once exactly one gets it and only they sign the guestbook', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        handleCommands(store, takeSeat(`guest ${i}`), { metadata, maxRetries: 25 }),
      ),
    );
    const winners = results.filter((r) => r.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    expect(
      results.every((r) => r.status === 'fulfilled' || r.reason instanceof SeatTakenAlready),
    ).toBe(true);
    expect(await takers(store, 'guestbook')).toEqual(await takers(store, 'seat-1'));
  });

  it('when conflicts never stop it gives up with CommandRetriesExhausted', async () => {
    const interfering = {
      ...store,
      appendAll: async (...args: Parameters<NonNullable<EventStore['appendAll']>>) => {
        await store.append('seat-1', [{ type: 'SeatTaken', data: { by: 'x' }, metadata }], 'any');
        return store.appendAll!(...args);
      },
    };
    await expect(
      handleCommands(interfering, [commandOn('seat-1', guestbook, { by: 'ann' })], {
        metadata,
        maxRetries: 2,
      }),
    ).rejects.toBeInstanceOf(CommandRetriesExhausted);
  });

  it('when a stream is expected to be new it is not read first, and if it exists after all the command is decided on what it holds', async () => {
    const reads = vi.spyOn(store, 'readStream');
    await handleCommands(store, [commandOn('seat-1', seat, { by: 'ann' }, { expectNew: true })], {
      metadata,
    });
    expect(reads).not.toHaveBeenCalled();
    await expect(
      handleCommands(store, [commandOn('seat-1', seat, { by: 'bob' }, { expectNew: true })], {
        metadata,
      }),
    ).rejects.toBeInstanceOf(SeatTakenAlready);
    expect(await takers(store, 'seat-1')).toEqual(['ann']);
  });

  it('when the store cannot append several streams in one step the commands run one after the other', async () => {
    const { appendAll: _unused, ...oneByOne } = store;
    await handleCommands(oneByOne, takeSeat('ann'), { metadata });
    await expect(handleCommands(oneByOne, takeSeat('bob'), { metadata })).rejects.toBeInstanceOf(
      SeatTakenAlready,
    );
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });
});
