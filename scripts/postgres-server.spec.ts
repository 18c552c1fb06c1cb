import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterEach, expect, it, vi } from 'vitest';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { postgresBinaries, startPostgresServer } from '@whosright/testing/postgres-server';

/** The answers of one query on the database at `url`. */
async function query(url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

const reachable = (url: string) =>
  query(url, 'SELECT 1').then(
    () => true,
    () => false,
  );

describeWithService(postgresBinaries, 'the throw-away PostgreSQL server', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('when started it listens on 127.0.0.1 only with fsync on, and stop removes its folder', async () => {
    vi.stubEnv('DATABASE_URL', '');
    const server = await startPostgresServer();
    const [settings] = await query(
      server.url,
      "SELECT current_setting('listen_addresses') AS listen, current_setting('fsync') AS fsync, current_setting('data_directory') AS dir",
    );
    expect(settings).toMatchObject({ listen: '127.0.0.1', fsync: 'on' });
    expect(existsSync(settings!.dir as string)).toBe(true);
    await server.stop();
    expect(existsSync(settings!.dir as string)).toBe(false);
    expect(await reachable(server.url)).toBe(false);
  });

  it('when DATABASE_URL names a server it creates fresh databases there and drops them on stop', async () => {
    vi.stubEnv('DATABASE_URL', '');
    const cluster = await startPostgresServer();
    try {
      vi.stubEnv('DATABASE_URL', cluster.url);
      const server = await startPostgresServer();
      expect(server.url).toBe(cluster.url);
      const first = await server.createDatabase('suite');
      const second = await server.createDatabase('suite');
      expect(first).not.toBe(second);
      await query(first, 'CREATE TABLE kept (id int)');
      expect(await query(second, "SELECT to_regclass('kept') AS kept")).toEqual([{ kept: null }]);
      await server.stop();
      expect(await reachable(first)).toBe(false);
      expect(await reachable(cluster.url)).toBe(true);
    } finally {
      await cluster.stop();
    }
  });
});
