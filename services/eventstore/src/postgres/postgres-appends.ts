import type { Pool } from 'pg';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import { DuplicateEventId, WrongExpectedVersion } from '../errors';
import { prepareEvents, type PreparedEvent } from '../event-codec';
import type { AppendResult, EventStore, StreamAppend } from '../port';
import { translated } from './postgres-errors';
import { DUPLICATE_EVENT_ID, WRONG_EXPECTED_VERSION } from './schema';

/** The append function's argument: the streams' appends as one JSON text (see `schema.ts`). */
function appendsJson(
  appends: readonly StreamAppend[],
  prepared: readonly PreparedEvent[][],
): string {
  // Built as text around the data and metadata the codec serialized already.
  const parts = appends.map((append, i) => {
    const events = prepared[i]!.map(
      (event) =>
        `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"version":${event.version},"data":${event.dataJson},"metadata":${event.metadataJson},"recordedAt":${event.recordedAtMs}}`,
    );
    return `{"stream":${JSON.stringify(append.stream)},"expected":${JSON.stringify(String(append.expected))},"events":[${events.join(',')}]}`;
  });
  return `[${parts.join(',')}]`;
}

/** WRVER / WRDUP from the append function as the port's errors. */
function refusal(error: unknown, appends: readonly StreamAppend[]): unknown {
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  if (code === DUPLICATE_EVENT_ID) return new DuplicateEventId(String(detail));
  if (code !== WRONG_EXPECTED_VERSION) return translated(error);
  const { index, actual } = JSON.parse(String(detail)) as { index: number; actual: string | null };
  const append = appends[index]!;
  return new WrongExpectedVersion(
    append.stream,
    append.expected,
    actual === null ? 'no_stream' : BigInt(actual),
  );
}

const APPEND = {
  name: 'wr_append_events',
  text: 'SELECT next_revision, last_position FROM wr_append_events($1)',
  rowMode: 'array',
} as const;

const APPEND_BATCHES = {
  name: 'wr_append_batches',
  text: 'SELECT batch, next_revision, last_position, error_code, error_detail, error_message, error_constraint FROM wr_append_batches($1)',
  rowMode: 'array',
} as const;

type BatchRow = [
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
];

interface Waiting {
  appends: readonly StreamAppend[];
  json: string;
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
}

const resultOf = (nextRevision: string, position: string): AppendResult => ({
  nextRevision: BigInt(nextRevision),
  position: BigInt(position),
});

/** A batch's error row as the error the append function raised on its own. */
function raised([, , , code, detail, message, constraint]: BatchRow): Error {
  return Object.assign(new Error(message ?? 'append failed'), { code, detail, constraint });
}

/**
 * `append` and `appendAll`: events checked and serialized here, then one call of the append
 * function, which checks every expectation and writes every stream in one transaction, taking
 * its positions under the append lock (one round trip, however many streams and events).
 *
 * One call is on its way at a time from this process: appends asked for meanwhile wait and go
 * together in the next, each still all or nothing on its own (`wr_append_batches`). They would
 * wait for the lock anyway; together they cost the server one transaction, one flush and one
 * round trip instead of one each.
 */
export function postgresAppends(
  pool: Pool,
  catalog: EventCatalog,
): Pick<EventStore, 'append'> & Required<Pick<EventStore, 'appendAll'>> {
  let waiting: Waiting[] = [];
  let sending = false;

  async function one({ appends, json, resolve, reject }: Waiting): Promise<void> {
    try {
      const { rows } = await pool.query<[string, string]>({ ...APPEND, values: [json] });
      resolve(rows.map(([nextRevision, position]) => resultOf(nextRevision, position)));
    } catch (error) {
      reject(refusal(error, appends));
    }
  }

  async function together(batch: readonly Waiting[]): Promise<void> {
    let rows: BatchRow[];
    try {
      ({ rows } = await pool.query<BatchRow>({
        ...APPEND_BATCHES,
        values: [`[${batch.map(({ json }) => json).join(',')}]`],
      }));
    } catch (error) {
      for (const { reject } of batch) reject(translated(error));
      return;
    }
    const byBatch = batch.map((): BatchRow[] => []);
    for (const row of rows) byBatch[row[0]]!.push(row);
    batch.forEach(({ appends, resolve, reject }, i) => {
      const own = byBatch[i]!;
      const failed = own.find((row) => row[3] !== null);
      if (failed) reject(refusal(raised(failed), appends));
      else resolve(own.map((row) => resultOf(row[1]!, row[2]!)));
    });
  }

  async function send(): Promise<void> {
    sending = true;
    try {
      while (waiting.length) {
        const batch = waiting;
        waiting = [];
        await (batch.length === 1 ? one(batch[0]!) : together(batch));
      }
    } finally {
      sending = false;
    }
  }

  async function appendAll(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const prepared = appends.map((append) => prepareEvents(catalog, append.events));
    const json = appendsJson(appends, prepared);
    return new Promise((resolve, reject) => {
      waiting.push({ appends, json, resolve, reject });
      if (!sending) void send();
    });
  }
  return {
    appendAll,
    append: async (stream, events, expected) =>
      (await appendAll([{ stream, events, expected }]))[0]!,
  };
}

/**
 * This process's own appends wake its subscriptions at once, without waiting for the server's
 * notification: an append's positions were taken under the lock, so everything up to its last
 * one has committed when it returns.
 */
export function appendsHeard(
  writes: ReturnType<typeof postgresAppends>,
  heard: (head: bigint) => void,
): ReturnType<typeof postgresAppends> {
  return {
    async appendAll(appends) {
      const results = await writes.appendAll(appends);
      heard(results.reduce((max, { position }) => (position > max ? position : max), 0n));
      return results;
    },
    async append(stream, events, expected) {
      const result = await writes.append(stream, events, expected);
      heard(result.position);
      return result;
    },
  };
}
