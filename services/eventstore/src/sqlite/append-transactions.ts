import type { Database, Transaction } from 'better-sqlite3';
import { DuplicateEventId, WrongExpectedVersion } from '../errors';
import type { PreparedEvent } from '../event-codec';
import type { AppendResult, ExpectedRevision, StreamAppend } from '../port';

export interface AppendTransactions {
  /** One stream's append; its own transaction, or a savepoint inside a caller's. */
  append: Transaction<
    (stream: string, events: PreparedEvent[], expected: ExpectedRevision) => AppendResult
  >;
  /** Several streams' appends, in order, all in one transaction or none. */
  appendAll: Transaction<
    (appends: readonly StreamAppend[], prepared: PreparedEvent[][]) => AppendResult[]
  >;
}

/**
 * The write path: the expected-revision check and the inserts run inside one transaction, so
 * concurrent writers (in this process or another) serialize on SQLite's write lock. Events are
 * checked and serialized beforehand (`prepareEvents`).
 */
export function appendTransactions(db: Database): AppendTransactions {
  const lastInStream = db
    .prepare<[string], [number, number]>(
      'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
    )
    .raw();
  const byId = db
    .prepare<[string], [string, number, number]>(
      'SELECT stream, revision, position FROM events WHERE id = ?',
    )
    .raw();
  const insert = db.prepare<[string, string, number, string, number, string, string, number]>(
    'INSERT INTO events (id, stream, revision, type, version, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );

  /**
   * A retry of an append that already succeeded (same ids, same place in the same stream, and
   * an expectation that held for the original write) is acknowledged with the original result.
   */
  function acknowledgeRetry(
    stream: string,
    events: PreparedEvent[],
    expected: ExpectedRevision,
    first: [string, number, number],
  ): AppendResult | undefined {
    const [firstStream, firstRevision] = first;
    if (firstStream !== stream) return undefined;
    const before = firstRevision === 0 ? 'no_stream' : BigInt(firstRevision - 1);
    if (!expectationHolds(expected, before)) return undefined;
    let last = first;
    for (let i = 1; i < events.length; i++) {
      const row = byId.get(events[i]!.id);
      if (!row || row[0] !== stream || row[1] !== firstRevision + i) return undefined;
      last = row;
    }
    return { nextRevision: BigInt(last[1]), position: BigInt(last[2]) };
  }

  function appendOne(
    stream: string,
    events: PreparedEvent[],
    expected: ExpectedRevision,
  ): AppendResult {
    const last = lastInStream.get(stream);
    const actual = last ? BigInt(last[0]) : 'no_stream';
    const first = events[0] && byId.get(events[0].id);
    if (first) {
      const acknowledged = acknowledgeRetry(stream, events, expected, first);
      if (acknowledged) return acknowledged;
      if (!expectationHolds(expected, actual))
        throw new WrongExpectedVersion(stream, expected, actual);
      throw new DuplicateEventId(events[0]!.id);
    }
    if (!expectationHolds(expected, actual))
      throw new WrongExpectedVersion(stream, expected, actual);
    if (events.length === 0)
      return { nextRevision: last ? BigInt(last[0]) : -1n, position: last ? BigInt(last[1]) : 0n };
    let revision = last ? last[0] + 1 : 0;
    let position = 0;
    for (const event of events) {
      const result = insert.run(
        event.id,
        stream,
        revision,
        event.type,
        event.version,
        event.dataJson,
        event.metadataJson,
        event.recordedAtMs,
      );
      position = Number(result.lastInsertRowid);
      revision++;
    }
    return { nextRevision: BigInt(revision - 1), position: BigInt(position) };
  }

  return {
    append: db.transaction(appendOne),
    appendAll: db.transaction((appends: readonly StreamAppend[], prepared: PreparedEvent[][]) =>
      appends.map((append, i) => appendOne(append.stream, prepared[i]!, append.expected)),
    ),
  };
}

function expectationHolds(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'exists') return actual !== 'no_stream';
  return actual === expected;
}
