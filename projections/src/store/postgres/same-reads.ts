import type { Pool } from 'pg';
import type { StoredRow } from './columns';
import { named } from './named';

const bigintsAsText = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? `${value}n` : value;

/**
 * The same query with the same values, asked for by several readers in one turn of the event
 * loop, sent once: the feed's first page is every visitor's first read. The query is sent after
 * the turn, so it sees every commit a reader waited for before asking. The readers share the rows:
 * a row holds the document's JSON text, which each reader parses into a document of its own.
 */
export class SameReads {
  private readonly queued = new Map<string, Promise<StoredRow[]>>();

  constructor(private readonly pool: Pool) {}

  rows(text: string, values: unknown[]): Promise<StoredRow[]> {
    const key = `${text}\u0000${JSON.stringify(values, bigintsAsText)}`;
    const queued = this.queued.get(key);
    if (queued) return queued;
    const read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      this.queued.delete(key);
      return (await this.pool.query<StoredRow>(named(text, values))).rows;
    });
    this.queued.set(key, read);
    return read;
  }
}
