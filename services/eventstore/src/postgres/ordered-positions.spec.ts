import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithService } from '@whosright/testing/describe-with-service';
import {
  postgresServer,
  startPostgresServer,
  type PostgresServer,
} from '@whosright/testing/postgres-server';
import type { EventStore, SubscriptionMessage } from '../port';
import { counterEvents, testCatalog, testMetadata } from '../testing/test-catalog';
import { openPostgresEventStore } from './postgres-event-store';

/**
 * Holds every append to a `held-` stream open after it has taken its positions, until another
 * writer waits behind it on the append lock, or commits a later position (what a log without
 * the lock would let it do), or 250 ms pass; it records which.
 */
const HOLD_OPEN = `
  CREATE TABLE held_open (overlapped boolean NOT NULL);
  CREATE FUNCTION hold_open() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    mine bigint;
    deadline timestamptz := clock_timestamp() + interval '250 milliseconds';
    overlapped boolean := false;
  BEGIN
    SELECT max(position) INTO mine FROM inserted WHERE stream LIKE 'held-%';
    IF mine IS NULL THEN RETURN NULL; END IF;
    LOOP
      overlapped := EXISTS (
          SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
          WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database())
        OR (SELECT max(position) FROM events) > mine;
      EXIT WHEN overlapped OR clock_timestamp() > deadline;
      PERFORM pg_sleep(0.001);
    END LOOP;
    INSERT INTO held_open VALUES (overlapped);
    RETURN NULL;
  END $$;
  CREATE TRIGGER hold_open AFTER INSERT ON events REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION hold_open();
`;

const WRITERS = 4;
const LOOPS_PER_WRITER = 2;
const APPENDS_PER_LOOP = 25;

async function allPositions(client: pg.Client): Promise<bigint[]> {
  const { rows } = await client.query<{ position: string }>(
    'SELECT position FROM events ORDER BY position',
  );
  return rows.map((row) => BigInt(row.position));
}

/** One writer's loop: appends of 1 to 3 events, every fourth to a held stream, some to two. */
async function writeLoop(store: EventStore, name: string): Promise<void> {
  for (let i = 0; i < APPENDS_PER_LOOP; i++) {
    const stream = i % 4 === 0 ? `held-${name}-${i}` : `fast-${name}-${i % 3}`;
    const events = counterEvents(1 + (i % 3));
    if (i % 5 === 0)
      await store.appendAll!([
        { stream, events, expected: 'any' },
        { stream: `fast-${name}-other`, events: counterEvents(1), expected: 'any' },
      ]);
    else await store.append(stream, events, 'any');
  }
}

describeWithService(postgresServer, 'PostgreSQL positions under concurrent writers', () => {
  let server: PostgresServer;
  let url: string;
  let admin: pg.Client;
  const stores: EventStore[] = [];
  const open = async (poolSize: number) => {
    const store = await openPostgresEventStore({
      connectionString: url,
      catalog: testCatalog,
      poolSize,
      pollIntervalMs: 50,
    });
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    server = await startPostgresServer();
    url = await server.createDatabase('ordering');
    await open(1); // creates the schema
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(HOLD_OPEN);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await admin?.end();
    await server?.stop();
  });

  it('when a writer holds its positions uncommitted, a later writer waits for it and the log shows both in order', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    // Two connections: one waits on the append lock while the other reads the head.
    const store = await open(2);
    const event = {
      id: uuidv7(),
      type: 'CounterIncremented',
      version: 1,
      data: { by: 1 },
      metadata: { ...testMetadata, recordedAt: new Date().toISOString() },
      recordedAt: Date.now(),
    };
    await holder.query('BEGIN');
    const [held] = (
      await holder.query<{ last_position: string }>('SELECT * FROM wr_append_events($1)', [
        JSON.stringify([{ stream: 'plain-holder', expected: 'any', events: [event] }]),
      ])
    ).rows;
    const later = store.append('plain-later', counterEvents(1), 'any');
    // The later append queues on the append lock while the holder's transaction is open.
    for (;;) {
      const { rows } = await admin.query(
        "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
      );
      if (rows.length) break;
    }
    expect(await store.headPosition()).toBeLessThan(BigInt(held!.last_position));
    await holder.query('COMMIT');
    await holder.end();
    expect((await later).position).toBeGreaterThan(BigInt(held!.last_position));
    const positions = await allPositions(admin);
    expect(positions.slice(-2)).toEqual([BigInt(held!.last_position), (await later).position]);
  });

  it('when writers append in parallel and some hold their transactions open after taking positions, readers following the log never skip an event', async () => {
    const start = (await allPositions(admin)).at(-1) ?? 0n;
    const reader = await open(2);
    const subscription = reader.subscribeAll({ after: start });
    const delivered: bigint[] = [];
    const writersDone = { value: false, head: -1n };
    let allDelivered!: () => void;
    const deliveredAll = new Promise<void>((resolve) => (allDelivered = resolve));
    const checkDelivered = () => {
      if (writersDone.value && (delivered.at(-1) ?? start) >= writersDone.head) allDelivered();
    };
    const following = (async () => {
      for await (const message of subscription as AsyncIterable<SubscriptionMessage>) {
        if (message.kind !== 'event') continue;
        delivered.push(message.event.position);
        checkDelivered();
      }
    })();
    const polled: bigint[] = [];
    const polling = (async () => {
      let cursor = start;
      while (!writersDone.value || cursor < writersDone.head) {
        for await (const event of reader.readAll({ after: cursor })) {
          polled.push(event.position);
          cursor = event.position;
        }
      }
    })();

    const writers = await Promise.all(
      Array.from({ length: WRITERS }, () => open(LOOPS_PER_WRITER)),
    );
    await Promise.all(
      writers.flatMap((store, w) =>
        Array.from({ length: LOOPS_PER_WRITER }, (_, l) => writeLoop(store, `${w}-${l}`)),
      ),
    );
    const written = (await allPositions(admin)).filter((position) => position > start);
    writersDone.head = written.at(-1)!;
    writersDone.value = true;
    checkDelivered();
    await Promise.all([deliveredAll, polling]);
    await subscription.close();
    await following;

    expect(delivered).toEqual(written);
    expect(polled).toEqual(written);
    const { rows } = await admin.query<{ overlapped: boolean; n: string }>(
      'SELECT overlapped, count(*) AS n FROM held_open GROUP BY overlapped',
    );
    // The scenario happened: held transactions had writers queued behind them.
    expect(Number(rows.find((row) => row.overlapped)?.n ?? 0)).toBeGreaterThan(0);
  });
});
