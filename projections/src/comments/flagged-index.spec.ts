import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createSqliteReadStore } from '../store/sqlite/sqlite-read-store';
import { COMMENT_DOCS, COMMENTS } from './docs';
import { commentsProjection } from './projection';
import { CommentQueries } from './queries';

describe('comments read model on SQLite: the flagged list', () => {
  it('when flagged and unflagged comments are stored only the flagged ones enter its index, and the list and its count walk it', async () => {
    const db = new Database(':memory:');
    // The statements the queries below prepare: their plans are what this checks.
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
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
    await store.activate(copy);
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

    const queries = new CommentQueries(store);
    const asked = prepared.length;
    const list = await queries.flagged({ limit: 10 });
    expect(list.items.map((doc) => doc._id)).toHaveLength(10);
    expect(await queries.flaggedCount()).toBe(10);
    const plans = prepared
      .slice(asked)
      .filter((sql) => sql.includes(`"${table}"`))
      .map((sql) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
          .map((row) => row.detail)
          .join('; '),
      );
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toContain(flaggedIndex[0]);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
    db.close();
  });
});
