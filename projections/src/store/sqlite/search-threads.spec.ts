import type { Database } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { textSearchContract } from '../text-search.contract';
import { startSearchThreads, type SearchThreads } from './search-threads';
import { createSqliteReadStore } from './sqlite-read-store';

/** A read-model file of its own, as the embedded server opens it. */
function fileDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'whosright-search-threads-'));
  return { dir, database: openSqliteDatabase(join(dir, 'read-models.sqlite')) };
}

const opened = new Map<object, { dir: string; database: Database }>();

// The text search every store passes, its queries run on a search thread's own connection.
textSearchContract({
  open: () => {
    const file = fileDatabase();
    const store = createSqliteReadStore({ database: file.database, searchThreads: 1 });
    opened.set(store, file);
    return Promise.resolve(store);
  },
  close: async (store) => {
    await store.close();
    const file = opened.get(store)!;
    file.database.close();
    rmSync(file.dir, { recursive: true, force: true });
  },
});

describe('search threads', () => {
  let threads: SearchThreads | undefined;
  let file: ReturnType<typeof fileDatabase> | undefined;
  afterEach(async () => {
    await threads?.close();
    file?.database.close();
    if (file) rmSync(file.dir, { recursive: true, force: true });
  });

  it('when queries go to the threads they see what this connection committed, as rows or arrays', async () => {
    file = fileDatabase();
    file.database.exec(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a')",
    );
    threads = startSearchThreads(file.database.name, 2);
    expect(await threads.all('SELECT id, name FROM t', [])).toEqual([{ id: 1, name: 'a' }]);
    file.database.prepare('INSERT INTO t VALUES (?, ?)').run(2, 'b');
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => threads!.all('SELECT id, name FROM t WHERE id > ?', [0], true)),
    );
    for (const rows of answers)
      expect(rows).toEqual([
        [1, 'a'],
        [2, 'b'],
      ]);
  });

  it('when a query fails its caller hears why, and the thread goes on answering', async () => {
    file = fileDatabase();
    threads = startSearchThreads(file.database.name, 1);
    await expect(threads.all('SELECT * FROM missing', [])).rejects.toThrow(/no such table/);
    expect(await threads.all('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
  });

  it('when every thread has stopped a search fails at once instead of waiting for an answer', async () => {
    file = fileDatabase();
    threads = startSearchThreads(file.database.name, 1);
    const stopped = threads;
    threads = undefined;
    await stopped.close();
    await expect(stopped.all('SELECT 1 AS one', [])).rejects.toThrow(/No search thread/);
  });

  it('when the threads are asked to write they refuse: their connections are read-only', async () => {
    file = fileDatabase();
    file.database.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    threads = startSearchThreads(file.database.name, 1);
    await expect(threads.all('INSERT INTO t VALUES (1) RETURNING id', [])).rejects.toThrow(
      /readonly/,
    );
  });
});
