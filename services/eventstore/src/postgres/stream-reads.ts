import type { Pool } from 'pg';
import type { ReadStreamOptions, RecordedEvent } from '../port';
import type { EventRow } from '../event-rows';
import { COLUMNS } from './event-rows';
import { named } from './named-queries';
import { guarded } from './postgres-errors';
import { TurnBatch, type Asked } from './turn-batch';

const PAGE_SIZE = 1_000;
const END_OF_STREAM = 2n ** 63n - 1n;

const FORWARDS = `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;
const BACKWARDS = `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision <= $2 ORDER BY revision DESC LIMIT $3`;
/**
 * Several streams' first pages forwards, each row led by its read's number (from 1). The reads
 * are a VALUES list, one text per count: with array parameters (`unnest`) the server cannot know
 * the count before it sees the values, so it planned the statement again on every call.
 */
const forwardsOfMany = (count: number) => {
  const reads = Array.from(
    { length: count },
    (_, i) => `($${2 * i + 2}::text, $${2 * i + 3}::bigint, ${i + 1})`,
  );
  return `SELECT r.n, e.* FROM (VALUES ${reads.join(', ')}) AS r(stream, from_revision, n) CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM events WHERE stream = r.stream AND revision >= r.from_revision ORDER BY revision LIMIT $1) e`;
};

type PageRead = Asked<{ stream: string; from: bigint }, EventRow[]>;

/**
 * First pages forwards asked for in one turn of the event loop, fetched in one query. A command
 * on several streams (a vote reads the member's, the story's and its own) folds them side by
 * side.
 */
function firstPages(pool: Pool): TurnBatch<PageRead['item'], EventRow[]> {
  return new TurnBatch(async (reads: PageRead[]) => {
    if (reads.length === 1) {
      const [{ item, resolve }] = reads as [PageRead];
      resolve(await pageOf(pool, item.stream, item.from, PAGE_SIZE, false));
      return;
    }
    const values = [PAGE_SIZE, ...reads.flatMap(({ item }) => [item.stream, item.from])];
    const { rows } = await guarded(() =>
      pool.query<[string, ...EventRow]>(named(forwardsOfMany(reads.length), values)),
    );
    const pages = reads.map((): EventRow[] => []);
    for (const [n, ...row] of rows) pages[Number(n) - 1]!.push(row);
    reads.forEach((read, i) => read.resolve(pages[i]!));
  });
}

/** `readStream`: one stream's events by revision, forwards or backwards, a page at a time. */
export function streamReads(
  pool: Pool,
  decode: (row: EventRow) => RecordedEvent,
): (stream: string, options?: ReadStreamOptions) => AsyncIterable<RecordedEvent> {
  const firsts = firstPages(pool);
  return (stream, options = {}) => {
    const backwards = options.direction === 'backwards';
    return (async function* () {
      let from = options.from ?? (backwards ? END_OF_STREAM : 0n);
      let remaining = options.limit ?? Infinity;
      let first = true;
      while (remaining > 0 && from >= 0n) {
        const limit = Math.min(PAGE_SIZE, remaining);
        const rows =
          first && !backwards && limit === PAGE_SIZE
            ? await firsts.ask({ stream, from })
            : await pageOf(pool, stream, from, limit, backwards);
        first = false;
        const events = rows.map(decode);
        yield* events;
        if (events.length < limit) return;
        from = events.at(-1)!.revision + (backwards ? -1n : 1n);
        remaining -= events.length;
      }
    })();
  };
}

async function pageOf(
  pool: Pool,
  stream: string,
  from: bigint,
  limit: number,
  backwards: boolean,
): Promise<EventRow[]> {
  const values = [stream, from, limit];
  const { rows } = await guarded(() =>
    pool.query<EventRow>(named(backwards ? BACKWARDS : FORWARDS, values)),
  );
  return rows;
}
