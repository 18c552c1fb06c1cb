import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withIdTieBreaker } from '../store/sort';
import { orderSql, whereSql, type SqlParam } from '../store/sqlite/sql-query';
import { createSqliteReadStore } from '../store/sqlite/sqlite-read-store';
import { COMMENT_DOCS, COMMENTS } from './docs';
import { commentsProjection } from './projection';

describe('comments read model on SQLite: the flagged list', () => {
  it('when flagged and unflagged comments are stored only the flagged ones enter its index, and the list and its count walk it', async () => {
    const db = new Database(':memory:');
    const store = createSqliteReadStore({ database: db });
    const { version, collections } = commentsProjection;
    const copy = await store.createGeneration(COMMENTS, version, collections);
    const table = `rm_${COMMENTS}_${copy.generation}_${COMMENT_DOCS}`;
    const rows = Array.from({ length: 100 }, (_, i) => ({
      collection: COMMENT_DOCS,
      id: `c${i}`,
      // As the fold writes them: with the derived fields.
      doc: { _id: `c${i}`, storyId: 's', flagged: i % 10 === 0, flagScore: i % 7 },
      position: 1n,
    }));
    await store.commit(copy, rows, 1n);
    const flaggedIndex = db
      .prepare<[string], string>(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql LIKE '% WHERE %'",
      )
      .pluck()
      .all(table);
    expect(flaggedIndex).toHaveLength(1);
    const entries = db
      .prepare("SELECT sum(ncell) FROM dbstat WHERE name = ? AND pagetype = 'leaf'")
      .pluck()
      .get(flaggedIndex[0]);
    expect(entries).toBe(10);

    const plan = (sql: string, params: SqlParam[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
        .map((row) => row.detail)
        .join('; ');
    const params: SqlParam[] = [];
    const where = whereSql({ flagged: true }, params).join(' AND ');
    const order = orderSql(withIdTieBreaker([['flagScore', -1]]));
    const list = plan(
      `SELECT doc FROM "${table}" WHERE ${where} ORDER BY ${order} LIMIT 10`,
      params,
    );
    expect(list).toContain(`USING INDEX ${flaggedIndex[0]}`);
    expect(list).not.toMatch(/TEMP B-TREE/);
    expect(plan(`SELECT count(*) FROM "${table}" WHERE ${where}`, params)).toContain(
      flaggedIndex[0],
    );
    db.close();
  });
});
