import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithService } from '@whosright/testing/describe-with-service';
import {
  postgresServer,
  startPostgresServer,
  type PostgresServer,
} from '@whosright/testing/postgres-server';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { eventStoreContract } from '../testing/event-store-contract';
import { forgettingContract } from '../testing/forgetting-contract';
import { counterEvents, testCatalog } from '../testing/test-catalog';
import { DuplicateEventId, EventStoreUnavailable, WrongExpectedVersion } from '../errors';
import type { SubscriptionMessage } from '../port';
import { recordStatements } from '@whosright/testing/postgres-statements';
import { openPostgresEventStore } from './postgres-event-store';

describeWithService(postgresServer, 'PostgreSQL event store', () => {
  let server: PostgresServer;
  let url: string;

  beforeAll(async () => {
    server = await startPostgresServer();
    url = await server.createDatabase('eventstore');
  });
  afterAll(() => server.stop());

  eventStoreContract('postgres', () =>
    Promise.resolve({
      open: (catalog) => openPostgresEventStore({ connectionString: url, catalog, poolSize: 4 }),
      appendElsewhere: async (stream, count) => {
        const other = await openPostgresEventStore({
          connectionString: url,
          catalog: testCatalog,
          poolSize: 1,
        });
        for (const event of counterEvents(count)) await other.append(stream, [event], 'any');
        await other.close();
      },
      dispose: () => Promise.resolve(),
    }),
  );

  // The forgetting log reads the registry stream by its one name: a fresh database per test.
  forgettingContract('postgres', async () =>
    openPostgresEventStore({
      connectionString: await server.createDatabase('forgetting'),
      catalog: domainEventCatalog,
      poolSize: 2,
    }),
  );

  it('when several streams are read at once their first pages come in one query, each stream its own events', async () => {
    const store = await openPostgresEventStore({ connectionString: url, catalog: testCatalog });
    const tag = Math.random().toString(36).slice(2);
    const [short, long, other] = ['short', 'long', 'other'].map((name) => `${name}-${tag}`);
    await store.append(short!, counterEvents(3), 'no_stream');
    await store.append(long!, counterEvents(1_500), 'no_stream');
    await store.append(other!, counterEvents(2), 'no_stream');
    const revisions = async (stream: string, from?: bigint) => {
      const read: bigint[] = [];
      for await (const event of store.readStream(stream, from === undefined ? {} : { from }))
        read.push(event.revision);
      return read;
    };
    const span = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i));

    const recorded = recordStatements();
    try {
      const read = await Promise.all([
        revisions(short!),
        revisions(long!),
        revisions(other!, 1n),
        revisions(`absent-${tag}`),
      ]);
      expect(read).toEqual([span(0, 2), span(0, 1_499), [1n], []]);
      // The four first pages together, then the long stream's second page alone.
      const reads = recorded.statements().filter((text) => text.includes('FROM events'));
      expect(reads).toHaveLength(2);
      expect(reads[0]).toContain('VALUES');
    } finally {
      recorded.stop();
    }
    await store.close();
  });

  it('when appends are asked for while one is on its way they go together, and each lands or is refused on its own', async () => {
    const store = await openPostgresEventStore({ connectionString: url, catalog: testCatalog });
    const tag = Math.random().toString(36).slice(2);
    const stream = (name: string) => `${name}-${tag}`;
    await store.append(
      stream('taken'),
      [{ ...counterEvents(1)[0]!, id: `kept-${tag}` }],
      'no_stream',
    );
    const recorded = recordStatements();
    let outcomes;
    try {
      outcomes = await Promise.allSettled([
        store.append(stream('first'), counterEvents(1), 'no_stream'),
        store.append(stream('second'), counterEvents(2), 'no_stream'),
        store.append(stream('taken'), counterEvents(1), 'no_stream'),
        store.append(stream('again'), [{ ...counterEvents(1)[0]!, id: `kept-${tag}` }], 'any'),
        store.appendAll([
          { stream: stream('third'), events: counterEvents(1), expected: 'no_stream' },
          { stream: stream('taken'), events: [], expected: 0n },
        ]),
      ]);
    } finally {
      recorded.stop();
    }
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersion);
    expect((outcomes[3] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventId);
    // The first went alone; the rest, asked for while it was on its way, in one call.
    const calls = recorded.statements().filter((text) => text.includes('wr_append'));
    expect(calls.map((text) => /wr_append_\w+/.exec(text)![0])).toEqual([
      'wr_append_events',
      'wr_append_batches',
    ]);
    const [, second, , , third] = outcomes as Array<PromiseFulfilledResult<unknown>>;
    expect(second!.value).toEqual({ nextRevision: 1n, position: expect.any(BigInt) as bigint });
    const lengths = await Promise.all(
      ['first', 'second', 'taken', 'again', 'third'].map(async (name) => {
        let count = 0;
        for await (const _ of store.readStream(stream(name))) count++;
        return count;
      }),
    );
    expect(lengths).toEqual([1, 2, 1, 0, 1]);
    expect(third!.value).toHaveLength(2);
    await store.close();
  });

  it('when several stores open the same empty database at once they all create or find its schema', async () => {
    const fresh = await server.createDatabase('schema');
    const stores = await Promise.all(
      Array.from({ length: 4 }, () =>
        openPostgresEventStore({ connectionString: fresh, catalog: testCatalog, poolSize: 1 }),
      ),
    );
    await stores[0]!.append('counter-1', counterEvents(1), 'no_stream');
    expect(await stores[3]!.headPosition()).toBe(1n);
    for (const store of stores) await store.close();
  });

  it('when the notification connection is cut, a live subscription hears later appends once it is back', async () => {
    const store = await openPostgresEventStore({
      connectionString: url,
      catalog: testCatalog,
      poolSize: 2,
      pollIntervalMs: 3_600_000, // only a notification can wake the subscription in time
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND datname = current_database()",
        )
      ).rows.map((row) => row.pid);
    const subscription = store.subscribeAll({ after: await store.headPosition() });
    const messages = subscription[Symbol.asyncIterator]();
    expect((await messages.next()).value).toMatchObject({ kind: 'caughtUp' });
    let cut: number[];
    while (!(cut = await listeners()).length);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [cut]);
    while (!(await listeners()).some((pid) => !cut.includes(pid)));
    await store.append('counter-after-cut', counterEvents(1), 'any');
    const next = (await messages.next()).value as SubscriptionMessage;
    expect(next.kind === 'event' && next.event.stream).toBe('counter-after-cut');
    await subscription.close();
    await admin.end();
    await store.close();
  });
});

describe('PostgreSQL event store without a server', () => {
  it('when the server cannot be reached opening fails with a retryable EventStoreUnavailable', async () => {
    const error = await openPostgresEventStore({
      connectionString: 'postgres://postgres@127.0.0.1:1/nowhere',
      catalog: testCatalog,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventStoreUnavailable);
    expect(error).toMatchObject({ retryable: true });
  });
});
