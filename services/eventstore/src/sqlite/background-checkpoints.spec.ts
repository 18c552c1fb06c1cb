import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackgroundCheckpoints } from './background-checkpoints';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { runTsChild } from '@whosright/testing/ts-child';

const workerThreadsChild = new URL('../testing/worker-threads-child.ts', import.meta.url);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Frames in the WAL and how many are already copied into the database file; copies nothing itself. */
function walState(db: ReturnType<typeof openSqliteDatabase>): {
  log: number;
  checkpointed: number;
} {
  const [row] = db.pragma('wal_checkpoint(NOOP)') as Array<{ log: number; checkpointed: number }>;
  return { log: row!.log, checkpointed: row!.checkpointed };
}

function writeAboutPages(db: ReturnType<typeof openSqliteDatabase>, pages: number): void {
  db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (let i = 0; i < pages; i++) insert.run('x'.repeat(3_000));
}

describe('background checkpoints', () => {
  it('when the connection commits, the WAL is checkpointed by the other thread and the connection only keeps a fallback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const db = openSqliteDatabase(file);
    const checkpoints = startBackgroundCheckpoints(db, { intervalMs: 20 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    writeAboutPages(db, 300);
    // The thread may take a while to start on a busy machine: wait for it, boundedly.
    await expect
      .poll(() => walState(db), { timeout: 10_000, interval: 50 })
      .toSatisfy(({ log, checkpointed }) => log > 0 && checkpointed === log);
    await checkpoints.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    db.close();
  });

  it('when nothing checkpoints in the background, commits below the threshold leave the WAL uncopied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const db = openSqliteDatabase(file);
    writeAboutPages(db, 300);
    await sleep(300);
    const state = walState(db);
    expect(state.log).toBeGreaterThan(0);
    expect(state.checkpointed).toBeLessThan(state.log);
    db.close();
  });

  it('when a process awaits the checkpoints stopping, with nothing else running, it finishes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    dirs.push(dir);
    expect(await runTsChild(workerThreadsChild, [join(dir, 'db.sqlite')])).toBe(
      'stopped\nread 5\n',
    );
  });

  it('when the database is in memory there is nothing to do and stopping is harmless', async () => {
    const db = openSqliteDatabase(':memory:');
    const checkpoints = startBackgroundCheckpoints(db);
    await checkpoints.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    db.close();
  });
});
