import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createSqliteReadStore } from './sqlite-read-store';

describe('read-model bookkeeping tables', () => {
  it('when a file predates owners, activation flags and touch times it gains them, and its unfinished builds get a full grace period', async () => {
    const db = new Database(':memory:');
    db.exec(`
      CREATE TABLE rm_generations (
        projection TEXT NOT NULL, generation INTEGER NOT NULL, version INTEGER NOT NULL,
        collections TEXT NOT NULL, checkpoint INTEGER, dropped INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (projection, generation)
      );
      CREATE TABLE "rm_things_1_items" (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID;
    `);
    db.prepare(
      "INSERT INTO rm_generations (projection, generation, version, collections) VALUES ('things', 1, 1, '[\"items\"]')",
    ).run();
    const before = Date.now();

    const store = createSqliteReadStore({ database: db });

    const row = db.prepare('SELECT owner, activated, touched_at FROM rm_generations').get() as {
      owner: string;
      activated: number;
      touched_at: number;
    };
    expect(row.owner).toBe('rebuild');
    expect(row.activated).toBe(0);
    expect(row.touched_at).toBeGreaterThanOrEqual(before);
    expect(await store.dropAbandoned(before - 60_000)).toEqual([]);
    expect(await store.dropAbandoned(Date.now() + 1)).toEqual([
      { projection: 'things', generation: 1, version: 1 },
    ]);
    await store.close();
    db.close();
  });
});
