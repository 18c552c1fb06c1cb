import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CollectionSpec, Filter, Sort } from '../port';
import { withIdTieBreaker } from '../sort';
import { orderSql, whereSql, type SqlParam } from './sql-query';
import { createSqliteReadStore } from './sqlite-read-store';

/** Divisive cards by gap, as the feed's divisive order keeps them: only those are indexed. */
const cards: CollectionSpec = {
  name: 'cards',
  columns: { divisive: 'boolean', gap: 'number' },
  indexes: [
    {
      fields: [
        ['status', 1],
        ['gap', 1],
      ],
      where: { divisive: true },
    },
  ],
};

describe('SQLite read store: partial indexes', () => {
  it('when an index declares the values it holds, SQLite keeps only those rows and a find naming them walks it in order', async () => {
    const db = new Database(':memory:');
    const store = createSqliteReadStore({ database: db });
    const copy = await store.createGeneration('feed', 1, [cards]);
    const table = 'rm_feed_1_cards';
    const rows = Array.from({ length: 200 }, (_, i) => ({
      collection: 'cards',
      id: `s${i}`,
      doc: { _id: `s${i}`, status: 'approved', divisive: i % 10 === 0, gap: (i * 37) % 100 },
      position: 1n,
    }));
    await store.commit(copy, rows, 1n);
    const indexed = db
      .prepare(`SELECT count(*) FROM "${table}" INDEXED BY "${table}_0" WHERE "divisive" = 1`)
      .pluck()
      .get();
    expect(indexed).toBe(20);

    const plan = (filter: Filter, sort: Sort) => {
      const params: SqlParam[] = [];
      const columns = new Set(['divisive', 'gap']);
      const where = whereSql(filter, params, columns).join(' AND ');
      const order = orderSql(withIdTieBreaker(sort), columns);
      return (
        db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT doc FROM "${table}" WHERE ${where} ORDER BY ${order} LIMIT 10`,
          )
          .all(...params) as Array<{ detail: string }>
      )
        .map((row) => row.detail)
        .join('; ');
    };
    const divisiveByGap = plan({ status: 'approved', divisive: true }, [['gap', 1]]);
    expect(divisiveByGap).toContain(`USING INDEX ${table}_0`);
    expect(divisiveByGap).not.toMatch(/TEMP B-TREE/);
    expect(plan({ status: 'approved', divisive: false }, [['gap', 1]])).not.toContain(`${table}_0`);
    // Bound, the value would make SQLite prepare the statement again at every run.
    const params: SqlParam[] = [];
    expect(whereSql({ divisive: true, gap: { $eq: false } }, params)).toEqual([
      "json_extract(doc, '$.divisive') = 1",
      "json_extract(doc, '$.gap') = 0",
    ]);
    expect(params).toEqual([]);
    db.close();
  });
});
