import type { Pool } from 'pg';
import type { StoredRow } from './columns';
import { named } from './named';
import { quote } from './tables';

interface Wanted {
  id: string;
  resolve: (row: StoredRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads of one document by id asked for in one turn of the event loop, one query per table: a
 * random draw reads the pool's size and a slot at once, and concurrent requests read sessions
 * and members at nearly the same moment; each round trip costs both processes more than a row.
 */
export class GetsById {
  private readonly queued = new Map<string, { columns: string; wanted: Wanted[] }>();
  private flushing = false;

  constructor(private readonly pool: Pool) {}

  /** The row with `id` in `table`, selecting `columns` (the same for every read of a table). */
  get(table: string, columns: string, id: string): Promise<StoredRow | undefined> {
    return new Promise((resolve, reject) => {
      let batch = this.queued.get(table);
      if (!batch) this.queued.set(table, (batch = { columns, wanted: [] }));
      batch.wanted.push({ id, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushing = false;
    const batches = [...this.queued];
    this.queued.clear();
    for (const [table, { columns, wanted }] of batches)
      this.read(table, columns, wanted).catch((error: unknown) => {
        for (const { reject } of wanted) reject(error);
      });
  }

  private async read(table: string, columns: string, wanted: Wanted[]): Promise<void> {
    const from = `SELECT ${columns} FROM ${quote(table)}`;
    if (wanted.length === 1) {
      const [only] = wanted;
      const { rows } = await this.pool.query<StoredRow>(named(`${from} WHERE id = $1`, [only!.id]));
      only!.resolve(rows[0]);
      return;
    }
    const ids = [...new Set(wanted.map(({ id }) => id))];
    const { rows } = await this.pool.query<StoredRow>(
      named(`${from} WHERE id = ANY($1::text[])`, [ids]),
    );
    const byId = new Map(rows.map((row) => [row[0] as string, row]));
    // A row is assembled into its reader's document in place: a second reader of the same id
    // gets a copy of its own.
    const handedOut = new Set<string>();
    for (const { id, resolve } of wanted) {
      const row = byId.get(id);
      if (row && handedOut.has(id)) resolve(structuredClone(row));
      else {
        handedOut.add(id);
        resolve(row);
      }
    }
  }
}
