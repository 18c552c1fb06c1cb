import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '@whosright/eventstore/sqlite/database';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { openStores, SQLITE_FILE } from './stores';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openStores', () => {
  it('when a replay was killed outright long ago the server drops its unfinished copies at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'whosright-stores-'));
    dirs.push(dataDir);
    const database = openSqliteDatabase(join(dataDir, SQLITE_FILE));
    const readStore = createSqliteReadStore({ database });
    const spec = [{ name: 'items', indexes: [] }];
    const killed = await readStore.createGeneration('leftover', 1, spec);
    const recent = await readStore.createGeneration('running', 1, spec);
    database
      .prepare('UPDATE rm_generations SET touched_at = ? WHERE projection = ?')
      .run(Date.now() - 16 * 60_000, 'leftover');
    await readStore.close();
    database.close();

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const stores = await openStores(config, createLogger(config), { runProjections: true });
    try {
      expect(await stores.readStore.collectionNames(killed)).toEqual([]);
      expect(await stores.readStore.collectionNames(recent)).toEqual(['items']);
    } finally {
      await stores.close();
    }
  });

  it('when a replay is killed while the server runs, the server drops its copies once they are stale', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'whosright-stores-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const stores = await openStores(config, createLogger(config), {
      runProjections: true,
      sweepAbandonedEveryMs: 20,
    });
    try {
      const spec = [{ name: 'items', indexes: [] }];
      const killed = await stores.readStore.createGeneration('leftover', 1, spec);
      const running = await stores.readStore.createGeneration('running', 1, spec);
      // Another connection, as the killed replay's own was: last touched 16 minutes ago.
      const other = openSqliteDatabase(join(dataDir, SQLITE_FILE));
      other
        .prepare('UPDATE rm_generations SET touched_at = ? WHERE projection = ?')
        .run(Date.now() - 16 * 60_000, 'leftover');
      other.close();
      await expect
        .poll(() => stores.readStore.collectionNames(killed), { timeout: 5_000 })
        .toEqual([]);
      expect(await stores.readStore.collectionNames(running)).toEqual(['items']);
    } finally {
      await stores.close();
    }
  });
});
