import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import type {
  EventStore,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  SubscriptionMessage,
} from '../port';
import { EventTooLarge, InvalidEvent, UnknownEventType, WrongExpectedVersion } from '../errors';
import { counterEvents, testCatalog, testCatalogV1, testMetadata } from './test-catalog';

/** The storage one test runs against, fresh per test (a new file, or unique streams on a server). */
export interface ContractTarget {
  /** Opens a store on this storage; the suite closes it. */
  open(catalog: EventCatalog): Promise<EventStore>;
  /** Appends `count` CounterIncremented events to `stream` from another process or client. */
  appendElsewhere(stream: string, count: number): Promise<void>;
  dispose(): Promise<void>;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** Pulls messages until `done` says so (the suite's test timeout guards a hang). */
async function take(
  iterator: AsyncIterator<SubscriptionMessage>,
  done: (message: SubscriptionMessage, all: SubscriptionMessage[]) => boolean,
): Promise<SubscriptionMessage[]> {
  const messages: SubscriptionMessage[] = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) throw new Error(`subscription ended after ${messages.length} messages`);
    messages.push(next.value);
    if (done(next.value, messages)) return messages;
  }
}

const eventsOf = (messages: SubscriptionMessage[]): RecordedEvent[] =>
  messages.flatMap((m) => (m.kind === 'event' ? [m.event] : []));
const note = (text: string, metadata: Record<string, string> = {}) => ({
  type: 'NoteAdded',
  data: { text, author: 'ann' },
  metadata: { ...testMetadata, ...metadata },
});

/**
 * The behaviour every EventStore adapter must have. Streams are unique per test so the suite also
 * runs against a shared server; global reads are bounded by the head position taken at the start
 * of each test and by the test's stream prefix.
 */
export function eventStoreContract(
  name: string,
  createTarget: () => Promise<ContractTarget>,
): void {
  describe(`event store contract: ${name}`, () => {
    let target: ContractTarget;
    let store: EventStore;
    let opened: EventStore[];
    let prefix: string;
    let start: bigint;
    const stream = (suffix: string): string => `${prefix}${suffix}`;
    const open = async (catalog: EventCatalog): Promise<EventStore> => {
      const extra = await target.open(catalog);
      opened.push(extra);
      return extra;
    };
    const ownEvents = (options: ReadAllOptions = {}): Promise<RecordedEvent[]> =>
      collect(
        store.readAll({
          after: start,
          ...options,
          filter: { streamPrefixes: [prefix], ...options.filter },
        }),
      );
    const subscribe = (options: SubscribeOptions) =>
      store.subscribeAll({ ...options, filter: { streamPrefixes: [prefix], ...options.filter } });

    beforeEach(async () => {
      target = await createTarget();
      opened = [];
      store = await open(testCatalog);
      prefix = `t${uuidv7().replaceAll('-', '').slice(-12)}`;
      start = await store.headPosition();
    });

    afterEach(async () => {
      for (const s of opened) await s.close();
      await target.dispose();
    });

    it('when events are appended to a new stream it reads them back with revisions, positions, ids and metadata', async () => {
      const id = uuidv7();
      const result = await store.append(
        stream('note-1'),
        [{ ...note('first'), id }, note('second')],
        'no_stream',
      );
      expect(result.nextRevision).toBe(1n);
      const events = await collect(store.readStream(stream('note-1')));
      expect(events.map((e) => [e.type, e.data, e.revision])).toEqual([
        ['NoteAdded', { text: 'first', author: 'ann' }, 0n],
        ['NoteAdded', { text: 'second', author: 'ann' }, 1n],
      ]);
      expect(events[0]!.id).toBe(id);
      expect(events[1]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
      expect(events[0]!.metadata).toMatchObject({
        actorId: 'user_test',
        correlationId: 'corr-test',
      });
      expect(Date.parse(events[0]!.metadata.recordedAt)).not.toBeNaN();
      expect(typeof events[0]!.position).toBe('bigint');
      expect(events[0]!.position).toBeGreaterThan(start);
      expect(events[1]!.position).toBeGreaterThan(events[0]!.position);
      expect(result.position).toBe(events[1]!.position);
    });

    it('when a stream does not exist it accepts no_stream and any, and rejects exists and an exact revision', async () => {
      await expect(store.append(stream('a'), [note('x')], 'exists')).rejects.toBeInstanceOf(
        WrongExpectedVersion,
      );
      await expect(store.append(stream('a'), [note('x')], 0n)).rejects.toBeInstanceOf(
        WrongExpectedVersion,
      );
      expect((await store.append(stream('a'), [note('x')], 'no_stream')).nextRevision).toBe(0n);
      expect((await store.append(stream('b'), [note('x')], 'any')).nextRevision).toBe(0n);
    });

    it('when a stream exists it accepts exists, its exact last revision and any, and rejects no_stream', async () => {
      await store.append(stream('a'), [note('1')], 'no_stream');
      expect((await store.append(stream('a'), [note('2')], 'exists')).nextRevision).toBe(1n);
      expect((await store.append(stream('a'), [note('3')], 1n)).nextRevision).toBe(2n);
      expect((await store.append(stream('a'), [note('4')], 'any')).nextRevision).toBe(3n);
      const error = await store
        .append(stream('a'), [note('5')], 'no_stream')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect(error).toMatchObject({ stream: stream('a'), expected: 'no_stream', actual: 3n });
    });

    it('when the expected revision is stale it throws WrongExpectedVersion and leaves the stream unchanged', async () => {
      await store.append(stream('a'), [note('1'), note('2')], 'no_stream');
      const error = await store
        .append(stream('a'), [note('3'), note('4')], 0n)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect(error).toMatchObject({ stream: stream('a'), expected: 0n, actual: 1n });
      const events = await collect(store.readStream(stream('a')));
      expect(events.map((e) => (e.data as { text: string }).text)).toEqual(['1', '2']);
    });

    it('when 50 appends race at the same expected revision it accepts exactly one', async () => {
      await store.append(stream('race'), [note('base')], 'no_stream');
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.append(stream('race'), [note(`racer ${i}`)], 0n),
        ),
      );
      const accepted = results.filter((r) => r.status === 'fulfilled');
      const rejected = results.flatMap((r) =>
        r.status === 'rejected' ? [r.reason as unknown] : [],
      );
      expect(accepted).toHaveLength(1);
      expect(rejected.every((e) => e instanceof WrongExpectedVersion)).toBe(true);
      expect(await collect(store.readStream(stream('race')))).toHaveLength(2);
    });

    it('when a store offers appendAll it writes to every stream in one step, or to none when one expectation fails', async () => {
      if (!store.appendAll) return; // optional: appending one stream after the other is the fallback
      const text = (e: RecordedEvent) => (e.data as { text: string }).text;
      await store.append(stream('b'), [note('b0')], 'no_stream');
      const results = await store.appendAll([
        { stream: stream('a'), events: [note('a0'), note('a1')], expected: 'no_stream' },
        { stream: stream('b'), events: [note('b1')], expected: 0n },
      ]);
      expect(results.map((r) => r.nextRevision)).toEqual([1n, 1n]);
      expect(results[1]!.position).toBeGreaterThan(results[0]!.position);
      const error = await store
        .appendAll([
          { stream: stream('c'), events: [note('c0')], expected: 'no_stream' },
          { stream: stream('b'), events: [note('stale')], expected: 0n },
        ])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect(await collect(store.readStream(stream('c')))).toEqual([]);
      expect((await ownEvents()).map(text)).toEqual(['b0', 'a0', 'a1', 'b1']);
    });

    it('when the same event ids are re-sent at the same expected revision it acknowledges them without writing them twice', async () => {
      await store.append(stream('a'), [note('0')], 'no_stream');
      const batch = [
        { ...note('1'), id: uuidv7() },
        { ...note('2'), id: uuidv7() },
      ];
      const first = await store.append(stream('a'), batch, 0n);
      const again = await store.append(stream('a'), batch, 0n);
      expect(again).toEqual(first);
      const events = await collect(store.readStream(stream('a')));
      expect(events.map((e) => e.id)).toEqual([events[0]!.id, batch[0]!.id, batch[1]!.id]);
    });

    it('when a retry is acknowledged after later appends, reading on from the end still finds what follows', async () => {
      const batch = [note('0'), note('1')].map((event) => ({ ...event, id: uuidv7() }));
      await store.append(stream('a'), batch, 'no_stream');
      await store.append(stream('a'), [note('2')], 1n);
      await store.append(stream('a'), batch, 'no_stream');
      const from = async (revision: bigint) =>
        (await collect(store.readStream(stream('a'), { from: revision }))).map((e) => e.revision);
      expect(await from(2n)).toEqual([2n]);
      expect(await from(3n)).toEqual([]);
      await store.append(stream('a'), [note('3')], 2n);
      expect(await from(3n)).toEqual([3n]);
    });

    it('when another process appends to streams this store read to their end, reading on finds its events', async () => {
      await store.append(stream('read'), counterEvents(2), 'no_stream');
      const revisions = async (name: string, from?: bigint) =>
        (await collect(store.readStream(stream(name), from === undefined ? {} : { from }))).map(
          (e) => e.revision,
        );
      expect(await revisions('read')).toEqual([0n, 1n]);
      expect(await revisions('read', 2n)).toEqual([]);
      expect(await revisions('new')).toEqual([]);
      await target.appendElsewhere(stream('read'), 2);
      await target.appendElsewhere(stream('new'), 1);
      expect(await revisions('read', 2n)).toEqual([2n, 3n]);
      expect(await revisions('new')).toEqual([0n]);
    });

    it('when streams are appended in turn it reads every event back in one global order', async () => {
      const appended: bigint[] = [];
      for (let i = 0; i < 6; i++)
        appended.push((await store.append(stream(`s${i % 3}`), [note(`${i}`)], 'any')).position);
      const events = await ownEvents();
      expect(events.map((e) => (e.data as { text: string }).text)).toEqual([
        '0',
        '1',
        '2',
        '3',
        '4',
        '5',
      ]);
      expect(events.map((e) => e.position)).toEqual(appended);
      expect(events.map((e) => e.stream)).toEqual(['s0', 's1', 's2', 's0', 's1', 's2'].map(stream));
      const afterThird = await ownEvents({ after: appended[2] });
      expect(afterThird.map((e) => e.position)).toEqual(appended.slice(3));
      expect(await store.headPosition()).toBeGreaterThanOrEqual(appended[5]!);
    });

    it('when a stream is read backwards, from a revision or with a limit it returns that slice', async () => {
      await store.append(stream('a'), counterEvents(5), 'no_stream');
      const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
        (await collect(store.readStream(stream('a'), options))).map((e) => e.revision);
      expect(await revisions({ direction: 'backwards' })).toEqual([4n, 3n, 2n, 1n, 0n]);
      expect(await revisions({ from: 2n })).toEqual([2n, 3n, 4n]);
      expect(await revisions({ from: 3n, direction: 'backwards', limit: 2 })).toEqual([3n, 2n]);
      expect(await revisions({ limit: 2 })).toEqual([0n, 1n]);
      expect(await collect(store.readStream(stream('missing')))).toEqual([]);
    });

    it('when readAll is filtered by event type or stream prefix it returns only the matching events', async () => {
      await store.append(stream('note-1'), [note('a')], 'any');
      await store.append(stream('count-1'), counterEvents(2), 'any');
      await store.append(stream('note-2'), [note('b')], 'any');
      const notes = await ownEvents({ filter: { eventTypes: ['NoteAdded'] } });
      expect(notes.map((e) => e.stream)).toEqual([stream('note-1'), stream('note-2')]);
      const counters = await ownEvents({ filter: { streamPrefixes: [stream('count-')] } });
      expect(counters.map((e) => e.type)).toEqual(['CounterIncremented', 'CounterIncremented']);
      expect(await ownEvents({ limit: 2 })).toHaveLength(2);
    });

    it('when readAll is given until it returns only events recorded at or before that time', async () => {
      for (const day of ['01', '02', '03'])
        await store.append(
          stream('a'),
          [note(day, { recordedAt: `2020-01-${day}T12:00:00.000Z` })],
          'any',
        );
      const upTo = await ownEvents({ until: '2020-01-02T12:00:00Z' });
      expect(upTo.map((e) => (e.data as { text: string }).text)).toEqual(['01', '02']);
    });

    it('when subscribing from the start it delivers past events, signals caught up, then delivers new appends live', async () => {
      await store.append(stream('a'), counterEvents(3), 'no_stream');
      const subscription = subscribe({ ...(start > 0n ? { after: start } : {}) });
      const iterator = subscription[Symbol.asyncIterator]();
      const past = await take(iterator, (m) => m.kind === 'caughtUp');
      expect(eventsOf(past).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      const caughtUp = past.at(-1)!;
      expect(caughtUp.kind === 'caughtUp' && caughtUp.position).toBeGreaterThanOrEqual(
        eventsOf(past)[2]!.position,
      );
      await store.append(stream('a'), counterEvents(2), 2n);
      const live = await take(iterator, (_, all) => eventsOf(all).length === 2);
      expect(eventsOf(live).map((e) => e.revision)).toEqual([3n, 4n]);
      await subscription.close();
    });

    it('when subscribing after a position it delivers only the events after it', async () => {
      const first = await store.append(stream('a'), counterEvents(2), 'no_stream');
      await store.append(stream('b'), counterEvents(2), 'no_stream');
      const subscription = subscribe({ after: first.position });
      const messages = await take(
        subscription[Symbol.asyncIterator](),
        (m) => m.kind === 'caughtUp',
      );
      expect(eventsOf(messages).map((e) => [e.stream, e.revision])).toEqual([
        [stream('b'), 0n],
        [stream('b'), 1n],
      ]);
      await subscription.close();
    });

    it('when the filter matches nothing it still signals caught up and then emits checkpoints as the log grows', async () => {
      const subscription = subscribe({
        after: start,
        filter: { streamPrefixes: [stream('nothing-')] },
        checkpointIntervalMs: 10,
      });
      const iterator = subscription[Symbol.asyncIterator]();
      const [caughtUp] = await take(iterator, (m) => m.kind === 'caughtUp');
      const before = caughtUp!.kind === 'caughtUp' ? caughtUp!.position : -1n;
      // Enough unmatched events for a server's filtered checkpoint window (32 events) too.
      await store.append(stream('other'), counterEvents(64), 'any');
      const messages = await take(iterator, (m) => m.kind === 'checkpoint');
      expect(eventsOf(messages)).toEqual([]);
      const checkpoint = messages.at(-1)!;
      expect(checkpoint.kind === 'checkpoint' && checkpoint.position).toBeGreaterThan(before);
      await subscription.close();
    });

    it('when another process appends it delivers those events to a live subscription', async () => {
      const subscription = subscribe({ after: start });
      const iterator = subscription[Symbol.asyncIterator]();
      await take(iterator, (m) => m.kind === 'caughtUp');
      await target.appendElsewhere(stream('elsewhere'), 3);
      const messages = await take(iterator, (_, all) => eventsOf(all).length === 3);
      expect(eventsOf(messages).map((e) => [e.stream, e.revision, e.data])).toEqual([
        [stream('elsewhere'), 0n, { by: 1 }],
        [stream('elsewhere'), 1n, { by: 2 }],
        [stream('elsewhere'), 2n, { by: 3 }],
      ]);
      await subscription.close();
    });

    it('when an event does not match its schema it rejects the whole batch and writes nothing', async () => {
      const error = await store
        .append(
          stream('a'),
          [
            note('fine'),
            { type: 'CounterIncremented', data: { by: 'one' }, metadata: testMetadata },
          ],
          'any',
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidEvent);
      expect((error as InvalidEvent).issues[0]!.path).toBe('data.by');
      await expect(
        store.append(
          stream('a'),
          [{ ...note('no correlation'), metadata: { actorId: 'user_x' } as never }],
          'any',
        ),
      ).rejects.toBeInstanceOf(InvalidEvent);
      expect(await collect(store.readStream(stream('a')))).toEqual([]);
      expect(await ownEvents()).toEqual([]);
    });

    it('when an event type is not in the catalog it rejects the batch and writes nothing', async () => {
      await expect(
        store.append(
          stream('a'),
          [note('fine'), { type: 'NotAnEvent', data: {}, metadata: testMetadata }],
          'any',
        ),
      ).rejects.toBeInstanceOf(UnknownEventType);
      expect(await collect(store.readStream(stream('a')))).toEqual([]);
    });

    it('when an event is 1 MB it rejects it with a clear EventTooLarge error and writes nothing', async () => {
      const error = await store
        .append(stream('a'), [note('x'.repeat(1024 * 1024))], 'any')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventTooLarge);
      expect((error as Error).message).toMatch(
        /NoteAdded is \d+ bytes serialized, over the 262144 byte limit/,
      );
      expect(await collect(store.readStream(stream('a')))).toEqual([]);
    });

    it('when an event was stored in an old schema version it reads it upcast to the current version', async () => {
      const old = await open(testCatalogV1);
      await old.append(
        stream('a'),
        [{ type: 'NoteAdded', data: { text: 'written by v1' }, metadata: testMetadata }],
        'no_stream',
      );
      const [event] = await collect(store.readStream(stream('a')));
      expect(event!.data).toEqual({ text: 'written by v1', author: 'unknown' });
      const [fromAll] = await ownEvents();
      expect(fromAll!.data).toEqual({ text: 'written by v1', author: 'unknown' });
    });
  });
}
