import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEvent, eventCatalog } from '@whosright/contracts/shared/events';
import type { EventStore } from '../port';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import { appendModes, oneStreamAtATime } from '../testing/append-modes';
import { CommandRetriesExhausted, foldStream, type Decider } from './decide-one';
import { commandOn, decideMany } from './decide-many';
import { derivedEventId } from '../event-id';

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

class GateClosed extends Error {}

/** A precondition: passes (appending nothing) while nobody has taken the gate. */
const openGate: Decider<string | null, { by: string }, SeatTaken> = {
  initialState: () => null,
  evolve: (_state, event) => event.data.by,
  decide(_command, state) {
    if (state !== null) throw new GateClosed(state);
    return [];
  },
};

const metadata = { correlationId: 'corr-1' };
const taken = (by: string) => [{ type: 'SeatTaken', data: { by }, metadata }];

async function takers(store: EventStore, stream: string): Promise<string[]> {
  const seen: string[] = [];
  for await (const event of store.readStream(stream)) seen.push((event.data as { by: string }).by);
  return seen;
}

const takeSeat = (by: string, where = 'seat-1') => [
  commandOn(where, seat, { by }),
  commandOn('guestbook', guestbook, { by }),
];

describe.each(appendModes)('decideMany, %s', (_mode, inMode) => {
  let store: EventStore;
  let subject: EventStore;
  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog });
    subject = inMode(store);
  });
  afterEach(() => store.close());

  /** The subject, with another writer taking seat-1 just before each of its appends. */
  function interfering(): EventStore {
    const appendAll = subject.appendAll?.bind(subject);
    return {
      ...subject,
      append: async (...args) => {
        await store.append('seat-1', taken('x'), 'any');
        return subject.append(...args);
      },
      ...(appendAll && {
        appendAll: async (...args: Parameters<typeof appendAll>) => {
          await store.append('seat-1', taken('x'), 'any');
          return appendAll(...args);
        },
      }),
    };
  }

  it('when every command decides, their events are appended together, one position after the other', async () => {
    const [taken, signed] = await decideMany(subject, takeSeat('ann'), { metadata });
    expect(taken!.events).toEqual([
      { type: 'SeatTaken', data: { by: 'ann' }, id: expect.any(String) as unknown },
    ]);
    expect(signed!.position).toBe(taken!.position! + 1n);
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });

  it('when a command decides nothing the others are still appended', async () => {
    await decideMany(subject, takeSeat('ann', 'seat-1'), { metadata });
    const [taken, signed] = await decideMany(subject, takeSeat('ann', 'seat-2'), { metadata });
    expect(taken!.position).toBeDefined();
    expect(signed).toMatchObject({ events: [], position: undefined });
  });

  it('when 20 take the same seat at once exactly one gets it and only they sign the guestbook', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        decideMany(subject, takeSeat(`guest ${i}`), { metadata, maxRetries: 25 }),
      ),
    );
    const winners = results.filter((r) => r.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    expect(
      results.every((r) => r.status === 'fulfilled' || r.reason instanceof SeatTakenAlready),
    ).toBe(true);
    expect(await takers(store, 'guestbook')).toEqual(await takers(store, 'seat-1'));
  });

  it('when a guard holds the others are appended and the guarded stream is left as it was', async () => {
    const [gate, signed] = await decideMany(
      subject,
      [
        commandOn('gate', openGate, { by: 'ann' }, { guard: true }),
        commandOn('guestbook', guestbook, { by: 'ann' }),
      ],
      { metadata },
    );
    expect(gate).toMatchObject({ events: [], position: undefined, revision: 'no_stream' });
    expect(signed!.position).toBeDefined();
    expect(await takers(store, 'gate')).toEqual([]);
  });

  it('when conflicts never stop it gives up with CommandRetriesExhausted', async () => {
    await expect(
      decideMany(interfering(), [commandOn('seat-1', guestbook, { by: 'ann' })], {
        metadata,
        maxRetries: 2,
      }),
    ).rejects.toBeInstanceOf(CommandRetriesExhausted);
  });

  it('when retries are given a delay each retry waits for it first', async () => {
    const delays = vi.fn((retry: number) => retry);
    const started = Date.now();
    await expect(
      decideMany(interfering(), [commandOn('seat-1', guestbook, { by: 'ann' })], {
        metadata,
        maxRetries: 2,
        retryDelayMs: delays,
      }),
    ).rejects.toBeInstanceOf(CommandRetriesExhausted);
    expect(delays.mock.calls).toEqual([[1], [2]]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2);
  });

  it('when a stream is expected to be new it is not read first, and if it exists after all the command is decided on what it holds', async () => {
    const reads = vi.spyOn(subject, 'readStream');
    await decideMany(subject, [commandOn('seat-1', seat, { by: 'ann' }, { expectNew: true })], {
      metadata,
    });
    expect(reads).not.toHaveBeenCalled();
    await expect(
      decideMany(subject, [commandOn('seat-1', seat, { by: 'bob' }, { expectNew: true })], {
        metadata,
      }),
    ).rejects.toBeInstanceOf(SeatTakenAlready);
    expect(await takers(store, 'seat-1')).toEqual(['ann']);
  });

  it('when a fold is given it decides on the state the fold answers and does not read the stream itself', async () => {
    await store.append('guestbook', taken('ann'), 'no_stream');
    const reads = vi.spyOn(subject, 'readStream');
    const fold = vi.fn((_stream: string) =>
      Promise.resolve({ state: ['ann', 'bob'], revision: 0n }),
    );
    const [signed] = await decideMany(
      subject,
      [commandOn('guestbook', guestbook, { by: 'bob' }, { fold })],
      { metadata },
    );
    expect(fold).toHaveBeenCalledWith('guestbook');
    expect(reads).not.toHaveBeenCalled();
    expect(signed).toEqual({ events: [], revision: 0n, position: undefined });
  });

  it('when the fold answers a stale state the append conflicts and the next attempt asks the fold again', async () => {
    await store.append('guestbook', taken('ann'), 'no_stream');
    const answers = [
      { state: [], revision: 'no_stream' as const },
      await foldStream(store, 'guestbook', guestbook),
    ];
    const fold = vi.fn((_stream: string) => Promise.resolve(answers.shift()!));
    const [signed] = await decideMany(
      subject,
      [commandOn('guestbook', guestbook, { by: 'ann' }, { fold })],
      { metadata },
    );
    expect(fold).toHaveBeenCalledTimes(2);
    expect(signed).toMatchObject({ events: [], revision: 0n });
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });

  it('when a stream is expected to be new and a fold is given the first attempt asks the fold nothing', async () => {
    await store.append('seat-1', taken('ann'), 'no_stream');
    const fold = vi.fn((stream: string) => foldStream(store, stream, seat));
    await expect(
      decideMany(subject, [commandOn('seat-1', seat, { by: 'bob' }, { expectNew: true, fold })], {
        metadata,
      }),
    ).rejects.toBeInstanceOf(SeatTakenAlready);
    expect(fold).toHaveBeenCalledTimes(1);
  });
});

describe('decideMany, given a store that appends several streams in one step', () => {
  let store: EventStore;
  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog });
  });
  afterEach(() => store.close());

  it('when one command is refused nothing is written to any stream', async () => {
    await decideMany(store, takeSeat('ann'), { metadata });
    await expect(decideMany(store, takeSeat('bob'), { metadata })).rejects.toBeInstanceOf(
      SeatTakenAlready,
    );
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });

  it('when the commands read their streams they read them side by side, and the first refusal in order wins', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    const slowFold = async (stream: string) => {
      asked.push(stream);
      await slow;
      return { state: 'ann', revision: 0n };
    };
    const quickFold = (stream: string) => {
      asked.push(stream);
      release();
      return Promise.resolve({ state: 'bob', revision: 0n });
    };
    await expect(
      decideMany(
        store,
        [
          commandOn('gate', openGate, { by: 'cy' }, { guard: true, fold: slowFold }),
          commandOn('seat-1', seat, { by: 'cy' }, { fold: quickFold }),
        ],
        { metadata },
      ),
    ).rejects.toBeInstanceOf(GateClosed);
    // The second stream was asked for before the first answered: it released the first.
    expect(asked).toEqual(['gate', 'seat-1']);
  });
});

describe('decideMany, given a store that appends one stream at a time', () => {
  let store: EventStore;
  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog });
  });
  afterEach(() => store.close());

  it('when a guarded stream changes between the decision and the append nothing is written and the guard decides again', async () => {
    const appendAll = store.appendAll!.bind(store);
    const closingTheGate: EventStore = {
      ...store,
      appendAll: async (appends) => {
        await store.append('gate', taken('warden'), 'any');
        return appendAll(appends);
      },
    };
    await expect(
      decideMany(
        closingTheGate,
        [
          commandOn('gate', openGate, { by: 'ann' }, { guard: true }),
          commandOn('guestbook', guestbook, { by: 'ann' }),
        ],
        { metadata },
      ),
    ).rejects.toBeInstanceOf(GateClosed);
    expect(await takers(store, 'guestbook')).toEqual([]);
  });

  it('when the store cannot append several streams in one step a closed guard still refuses first', async () => {
    await store.append('gate', taken('warden'), 'no_stream');
    await expect(
      decideMany(
        oneStreamAtATime(store),
        [
          commandOn('gate', openGate, { by: 'ann' }, { guard: true }),
          commandOn('guestbook', guestbook, { by: 'ann' }),
        ],
        { metadata },
      ),
    ).rejects.toBeInstanceOf(GateClosed);
    expect(await takers(store, 'guestbook')).toEqual([]);
  });

  it('when the store cannot append several streams in one step the commands run one after the other', async () => {
    const oneByOne = oneStreamAtATime(store);
    await decideMany(oneByOne, takeSeat('ann'), { metadata });
    await expect(decideMany(oneByOne, takeSeat('bob'), { metadata })).rejects.toBeInstanceOf(
      SeatTakenAlready,
    );
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });

  it('when a later command is refused the ones before it stay written', async () => {
    const oneByOne = oneStreamAtATime(store);
    await decideMany(oneByOne, takeSeat('ann'), { metadata });
    await expect(
      decideMany(
        oneByOne,
        [
          commandOn('guestbook', guestbook, { by: 'bob' }),
          commandOn('seat-1', seat, { by: 'bob' }),
        ],
        { metadata },
      ),
    ).rejects.toBeInstanceOf(SeatTakenAlready);
    expect(await takers(store, 'guestbook')).toEqual(['ann', 'bob']);
  });
});

describe('decideMany with a keyed write', () => {
  let store: ReturnType<typeof createSqliteEventStore>;
  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog });
  });
  afterEach(() => store.close());

  /** The keyed append of a write whose client sends `key`, as the command bus builds it. */
  const keyedBy = (key: string) => ({
    eventId: (index: number) => derivedEventId(key, 0, index),
    earlier: () => store.eventsById([0, 1, 2, 3].map((i) => derivedEventId(key, 0, i))),
  });

  it('when the same write is decided again after it was appended, it answers what was appended and appends nothing', async () => {
    const first = await decideMany(store, takeSeat('ann'), { metadata, keyed: keyedBy('k1') });
    const head = await store.headPosition();

    // Deciding again would refuse: the seat is taken (by this very write).
    const again = await decideMany(store, takeSeat('ann'), { metadata, keyed: keyedBy('k1') });

    expect(again).toEqual(first);
    expect(await store.headPosition()).toBe(head);
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });

  it('when two attempts of one keyed write run at once, one appends and both answer its events', async () => {
    const [a, b] = await Promise.all([
      decideMany(store, [commandOn('guestbook', guestbook, { by: 'ann' })], {
        metadata,
        keyed: keyedBy('k2'),
      }),
      decideMany(store, [commandOn('guestbook', guestbook, { by: 'ann' })], {
        metadata,
        keyed: keyedBy('k2'),
      }),
    ]);
    expect(a).toEqual(b);
    expect(await takers(store, 'guestbook')).toEqual(['ann']);
  });

  it('when another key writes the same command, it is decided on its own', async () => {
    await decideMany(store, takeSeat('ann'), { metadata, keyed: keyedBy('k3') });
    await expect(
      decideMany(store, takeSeat('ann'), { metadata, keyed: keyedBy('k4') }),
    ).rejects.toBeInstanceOf(SeatTakenAlready);
  });
});
