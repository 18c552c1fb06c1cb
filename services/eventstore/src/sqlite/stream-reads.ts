import type { Database, Statement } from 'better-sqlite3';
import type { ReadStreamOptions, RecordedEvent } from '../port';
import { ROW_JSON } from './event-rows';
import { pagedIterable } from './paged-iterable';
import { guarded } from './sqlite-errors';

const PAGE_SIZE = 1_000;
const END_OF_STREAM = Number.MAX_SAFE_INTEGER;

/** `readStream`: one stream's events by revision, forwards or backwards, a page at a time. */
export function streamReads(
  db: Database,
  decode: (json: string) => RecordedEvent,
): (stream: string, options?: ReadStreamOptions) => AsyncIterable<RecordedEvent> {
  // The page size is written into the SQL: with `LIMIT ?` SQLite takes longer per stream read,
  // and every command starts with one.
  const pages = new Map<string, Statement<[string, number], string>>();
  function pageStatement(backwards: boolean, limit: number): Statement<[string, number], string> {
    const key = `${backwards ? '-' : '+'}${limit}`;
    let statement = pages.get(key);
    if (!statement) {
      if (!Number.isSafeInteger(limit)) throw new RangeError(`Invalid limit ${limit}`);
      const order = backwards ? '<= ? ORDER BY revision DESC' : '>= ? ORDER BY revision';
      statement = db
        .prepare<[string, number], string>(
          `SELECT ${ROW_JSON} FROM events WHERE stream = ? AND revision ${order} LIMIT ${limit}`,
        )
        .pluck();
      if (pages.size >= 64) pages.clear();
      pages.set(key, statement);
    }
    return statement;
  }

  return (stream, options = {}) => {
    const backwards = options.direction === 'backwards';
    const start = {
      from: options.from !== undefined ? Number(options.from) : backwards ? END_OF_STREAM : 0,
      remaining: options.limit ?? Infinity,
    };
    return pagedIterable(start, ({ from, remaining }) => {
      const limit = Math.min(PAGE_SIZE, remaining);
      const events =
        limit > 0 && from >= 0
          ? guarded(() => pageStatement(backwards, limit).all(stream, from)).map(decode)
          : [];
      const last = events.at(-1);
      const next =
        events.length === limit && last
          ? {
              from: Number(last.revision) + (backwards ? -1 : 1),
              remaining: remaining - events.length,
            }
          : undefined;
      return { items: events, next };
    });
  };
}
