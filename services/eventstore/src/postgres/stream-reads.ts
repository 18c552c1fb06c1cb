import type { Pool } from 'pg';
import type { ReadStreamOptions, RecordedEvent } from '../port';
import type { EventRow } from '../event-rows';
import { COLUMNS } from './event-rows';
import { named } from './named-queries';
import { guarded } from './postgres-errors';

const PAGE_SIZE = 1_000;
const END_OF_STREAM = 2n ** 63n - 1n;

const FORWARDS = `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;
const BACKWARDS = `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision <= $2 ORDER BY revision DESC LIMIT $3`;

/** `readStream`: one stream's events by revision, forwards or backwards, a page at a time. */
export function streamReads(
  pool: Pool,
  decode: (row: EventRow) => RecordedEvent,
): (stream: string, options?: ReadStreamOptions) => AsyncIterable<RecordedEvent> {
  return (stream, options = {}) => {
    const backwards = options.direction === 'backwards';
    return (async function* () {
      let from = options.from ?? (backwards ? END_OF_STREAM : 0n);
      let remaining = options.limit ?? Infinity;
      while (remaining > 0 && from >= 0n) {
        const limit = Math.min(PAGE_SIZE, remaining);
        const values = [stream, from, limit];
        const { rows } = await guarded(() =>
          pool.query<EventRow>(named(backwards ? BACKWARDS : FORWARDS, values)),
        );
        const events = rows.map(decode);
        yield* events;
        if (events.length < limit) return;
        from = events.at(-1)!.revision + (backwards ? -1n : 1n);
        remaining -= events.length;
      }
    })();
  };
}
