import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { loadConfig } from '#api/platform/config';
import { createLogger } from '#api/platform/logger';
import { openStores, SQLITE_FILE } from './stores';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'whosright-stores-'));
  dirs.push(dir);
  return dir;
}

/** As a replay killed outright leaves its copy, on another connection: last touched 16 minutes ago. */
function markStale(dir: string, projection: string): void {
  const database = openSqliteDatabase(join(dir, SQLITE_FILE));
  database
    .prepare('UPDATE rm_generations SET touched_at = ? WHERE projection = ?')
    .run(Date.now() - 16 * 60_000, projection);
  database.close();
}

function startServer(dir: string, sweepAbandonedEveryMs?: number) {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  return openStores(config, createLogger(config), {
    runProjections: true,
    ...(sweepAbandonedEveryMs ? { sweepAbandonedEveryMs } : {}),
  });
}

const spec = [{ name: 'items', indexes: [] }];

describe('openStores', () => {
  it('when a replay was killed outright long ago the server drops its unfinished copies at start', async () => {
    const dir = dataDir();
    const database = openSqliteDatabase(join(dir, SQLITE_FILE));
    const readStore = createSqliteReadStore({ database });
    const killed = await readStore.createGeneration('leftover', 1, spec);
    const recent = await readStore.createGeneration('running', 1, spec);
    await readStore.close();
    database.close();
    markStale(dir, 'leftover');

    const stores = await startServer(dir);
    try {
      expect(await stores.readStore.collectionNames(killed)).toEqual([]);
      expect(await stores.readStore.collectionNames(recent)).toEqual(['items']);
    } finally {
      await stores.close();
    }
  });

  it('when a replay is killed while the server runs, the server drops its copies once they are stale', async () => {
    const dir = dataDir();
    const stores = await startServer(dir, 20);
    try {
      const killed = await stores.readStore.createGeneration('leftover', 1, spec);
      const running = await stores.readStore.createGeneration('running', 1, spec);
      markStale(dir, 'leftover');
      await expect
        .poll(() => stores.readStore.collectionNames(killed), { timeout: 5_000 })
        .toEqual([]);
      expect(await stores.readStore.collectionNames(running)).toEqual(['items']);
    } finally {
      await stores.close();
    }
  });
});
