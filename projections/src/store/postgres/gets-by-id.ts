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
 * Reads of one document by id asked for in one turn of the event loop, one query for them all
 * (tables that select the same columns share it; the others get one each): a random draw reads
 * the pool's size and a slot at once, and every signed-in request reads its session and its
 * member at the same moment; each round trip costs both processes more than a row.
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
    const byColumns = new Map<string, TableReads[]>();
    for (const [table, { columns, wanted }] of this.queued) {
      const reads = byColumns.get(columns);
      if (reads) reads.push({ table, wanted });
      else byColumns.set(columns, [{ table, wanted }]);
    }
    this.queued.clear();
    for (const [columns, reads] of byColumns)
      this.read(columns, reads).catch((error: unknown) => {
        for (const { wanted } of reads) for (const { reject } of wanted) reject(error);
      });
  }

  private async read(columns: string, reads: TableReads[]): Promise<void> {
    if (reads.length === 1) return this.readTable(columns, reads[0]!);
    const ids = reads.map(({ wanted }) => [...new Set(wanted.map(({ id }) => id))]);
    // Each row says which table it came from first.
    const text = reads
      .map(
        ({ table }, i) =>
          `SELECT ${i}, ${columns} FROM ${quote(table)} WHERE id = ANY($${i + 1}::text[])`,
      )
      .join(' UNION ALL ');
    const { rows } = await this.pool.query<StoredRow>(named(text, ids));
    const found = reads.map(() => new Map<string, StoredRow>());
    for (const row of rows) {
      const table = row.shift() as number;
      found[table]!.set(row[0] as string, row);
    }
    reads.forEach(({ wanted }, i) => handOut(wanted, found[i]!));
  }

  private async readTable(columns: string, { table, wanted }: TableReads): Promise<void> {
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
    handOut(wanted, new Map(rows.map((row) => [row[0] as string, row])));
  }
}

interface TableReads {
  table: string;
  wanted: Wanted[];
}

/**
 * A row is assembled into its reader's document in place: a second reader of the same id gets a
 * copy of its own.
 */
function handOut(wanted: readonly Wanted[], byId: ReadonlyMap<string, StoredRow>): void {
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
