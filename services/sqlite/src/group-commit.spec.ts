import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  let dir: string;
  let db: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wr-group-commit-'));
    db = new Database(join(dir, 'x.sqlite'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (v TEXT PRIMARY KEY)');
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rows = () => db.prepare('SELECT v FROM t ORDER BY v').pluck().all();
  const insert = (v: string) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v).changes;

  it('when commits are asked for in the same turn they share one transaction and a failing one rolls back alone', async () => {
    const inTransaction: boolean[] = [];
    const committed: string[] = [];
    const group = new GroupCommit(
      db,
      db.transaction((v: string) => {
        inTransaction.push(db.inTransaction);
        insert(v);
        if (v === 'bad') throw new Error('refused');
        return v;
      }),
      (done) => committed.push(...done.map(({ value }) => value)),
    );
    const results = await Promise.allSettled(['a', 'bad', 'b'].map((v) => group.commit(v)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(rows()).toEqual(['a', 'b']);
    expect(committed).toEqual(['a', 'b']);
    expect(inTransaction).toEqual([true, true, true]);
  });

  it('when the shared transaction cannot begin every commit in it rejects and nothing is written', async () => {
    const other = new Database(join(dir, 'x.sqlite'));
    db.pragma('busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    try {
      const group = new GroupCommit(db, db.transaction(insert));
      const results = await Promise.allSettled(['a', 'b'].map((v) => group.commit(v)));
      expect(
        results.every((r) => r.status === 'rejected' && /locked|busy/i.test(String(r.reason))),
      ).toBe(true);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(rows()).toEqual([]);
  });

  it('when a step writes beside the commits it hears that they committed, or that all rolled back', async () => {
    db.pragma('foreign_keys = ON');
    db.exec(
      'CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (pid INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const heard: string[] = [];
    let breakCommit = false;
    const group = new GroupCommit(db, db.transaction(insert), undefined, (commits) => {
      heard.push(`inside: ${commits().length} committed so far`);
      // A dangling reference checked only at COMMIT: the whole transaction then rolls back.
      if (breakCommit) db.prepare('INSERT INTO child (pid) VALUES (42)').run();
      return {
        committed: () => heard.push('committed'),
        rolledBack: () => heard.push('rolled back'),
      };
    });
    await Promise.all(['a', 'b'].map((v) => group.commit(v)));
    breakCommit = true;
    const results = await Promise.allSettled(['c'].map((v) => group.commit(v)));
    expect(results[0]!.status).toBe('rejected');
    expect(heard).toEqual([
      'inside: 2 committed so far',
      'committed',
      'inside: 1 committed so far',
      'rolled back',
    ]);
    expect(rows()).toEqual(['a', 'b']);
  });
});
