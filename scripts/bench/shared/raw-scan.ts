import type { Database } from 'better-sqlite3';

/**
 * The raw baseline for reading the log: bare better-sqlite3 iterating every row in position order
 * and parsing its data and metadata, with none of the store's work (paging, zod, upcasting, ids).
 * Returns the number of rows read.
 */
export function rawScan(db: Database): number {
  const scan = db
    .prepare(
      'SELECT id, stream, revision, type, version, data, metadata, position FROM events ORDER BY position',
    )
    .raw();
  let read = 0;
  for (const row of scan.iterate() as IterableIterator<unknown[]>) {
    JSON.parse(row[5] as string);
    JSON.parse(row[6] as string);
    read++;
  }
  return read;
}
