import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeHashes } from '../testing/read-models';
import { appendSampleLog, sampleLog } from '../testing/sample-log';
import { sampleProjections } from '../testing/sample-projections';
import { exited, spawnTsChild } from '@whosright/testing/ts-child';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';

const projectorChild = new URL('../testing/projector-child.ts', import.meta.url);
const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  for (const f of fixtures.splice(0).reverse()) await f.dispose();
});

/** Highest checkpoint any sample projection has committed, read through a separate connection. */
function progress(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT max(checkpoint) AS c FROM rm_generations').get() as
      { c: number | null } | undefined;
    return row?.c ?? 0;
  } catch {
    return 0; // tables not created yet
  } finally {
    db.close();
  }
}

async function runToEnd(file: string): Promise<void> {
  const result = await exited(spawnTsChild(projectorChild, [file, '100']));
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe('caught-up');
}

describe('projector crash', () => {
  it('when the projector is killed with SIGKILL mid-batch and restarted the read models equal an uninterrupted run', async () => {
    const source = openSqliteFixture();
    fixtures.push(source);
    await appendSampleLog(source.eventStore, sampleLog({ events: 20_000, seed: 3 }), {
      database: source.database,
    });
    const head = Number(await source.eventStore.headPosition());
    await source.close();
    const crashed = join(source.dir, 'crashed.sqlite');
    const clean = join(source.dir, 'clean.sqlite');
    copyFileSync(source.file, crashed);
    copyFileSync(source.file, clean);

    const child = spawnTsChild(projectorChild, [crashed, '100']);
    const done = exited(child);
    await vi.waitFor(() => expect(progress(crashed)).toBeGreaterThanOrEqual(head / 3), {
      timeout: 30_000,
      interval: 5,
    });
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');
    expect(progress(crashed)).toBeLessThan(head);

    await runToEnd(crashed);
    await runToEnd(clean);

    const a = openSqliteFixture(crashed);
    const b = openSqliteFixture(clean);
    fixtures.push(a, b);
    const expected = await activeHashes(b.readStore, sampleProjections);
    expect(await activeHashes(a.readStore, sampleProjections)).toEqual(expected);
    // The restarted projector resumed its unfinished build instead of starting over.
    for (const projection of sampleProjections)
      expect((await a.readStore.active(projection.name))?.generation).toBe(1);
    expect(await b.readStore.collection('user-stats', 'users').count()).toBeGreaterThan(100);
  }, 120_000);
});
