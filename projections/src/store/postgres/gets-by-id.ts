import type { Pool } from 'pg';
import type { StoredRow } from './columns';
import { named } from './named';
import { quote } from './tables';
import { TurnBatch, type Asked } from '@whosright/eventstore/postgres/turn-batch';

interface ById {
  table: string;
  /** What a read of `table` selects (the same for every read of it). */
  columns: string;
  id: string;
}

type Wanted = Asked<ById, StoredRow | undefined>;

/**
 * Reads of one document by id asked for in one turn of the event loop, one query for them all
 * (tables that select the same columns share it; the others get one each): a random draw reads
 * the pool's size and a slot at once, and every signed-in request reads its session and its
 * member at the same moment.
 */
export class GetsById {
  private readonly batch = new TurnBatch<ById, StoredRow | undefined>((wanted) =>
    this.send(wanted),
  );

  constructor(private readonly pool: Pool) {}

  /** The row with `id` in `table`, selecting `columns` (the same for every read of a table). */
  get(table: string, columns: string, id: string): Promise<StoredRow | undefined> {
    return this.batch.ask({ table, columns, id });
  }

  private async send(wanted: Wanted[]): Promise<void> {
    const byColumns = new Map<string, Map<string, Wanted[]>>();
    for (const read of wanted) {
      const { table, columns } = read.item;
      let tables = byColumns.get(columns);
      if (!tables) byColumns.set(columns, (tables = new Map<string, Wanted[]>()));
      const ofTable = tables.get(table);
      if (ofTable) ofTable.push(read);
      else tables.set(table, [read]);
    }
    await Promise.all(
      [...byColumns].map(([columns, tables]) =>
        this.read(
          columns,
          [...tables].map(([table, reads]) => ({ table, wanted: reads })),
        ),
      ),
    );
  }

  /** One query for the reads of tables that select the same columns, each row led by its table's number. */
  private async read(columns: string, reads: TableReads[]): Promise<void> {
    const values: unknown[] = [];
    const text = reads
      .map(({ table, wanted }, i) => {
        const ids = [...new Set(wanted.map(({ item }) => item.id))];
        const where =
          ids.length === 1
            ? `id = $${values.push(ids[0])}::text`
            : `id = ANY($${values.push(ids)}::text[])`;
        return `SELECT ${i}, ${columns} FROM ${quote(table)} WHERE ${where}`;
      })
      .join(' UNION ALL ');
    const { rows } = await this.pool.query<StoredRow>(named(text, values));
    const found = reads.map(() => new Map<string, StoredRow>());
    for (const row of rows) {
      const table = row.shift() as number;
      found[table]!.set(row[0] as string, row);
    }
    // Readers of the same id share its row: it holds the document's JSON text, which each
    // reader parses into a document of its own.
    reads.forEach(({ wanted }, i) => {
      for (const { item, resolve } of wanted) resolve(found[i]!.get(item.id));
    });
  }
}

interface TableReads {
  table: string;
  wanted: Wanted[];
}
