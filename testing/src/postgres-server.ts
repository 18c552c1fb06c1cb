import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { childExited } from './child-exit';
import { freePort } from './free-port';
import { executable, type LocalService } from './local-service';

/**
 * A PostgreSQL server for the adapters' contract suites: `DATABASE_URL` when set, else a
 * throw-away cluster (`initdb` in a temp dir, `postgres` on a free loopback port, trust
 * authentication, fsync on), stopped and removed after the suite.
 *
 *   describeWithService(postgresServer, 'PostgreSQL event store', () => {
 *     let server: PostgresServer;
 *     beforeAll(async () => { server = await startPostgresServer(); });
 *     afterAll(() => server.stop());
 *     ...
 *   });
 */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, or `DATABASE_URL`. */
  url: string;
  /**
   * Creates a fresh database whose name starts with `name` (UTF-8, strings sorted by code point,
   * or by English with `{ order: 'language' }`, which the read-model store refuses); answers its URL.
   */
  createDatabase(name: string, options?: { order?: 'code-point' | 'language' }): Promise<string>;
  /** Stops the cluster and removes its folder; on `DATABASE_URL`, drops the databases created. */
  stop(): Promise<void>;
}

const BIN_ROOT = '/usr/lib/postgresql';

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb, as Debian installs it. */
function debianBinDir(): string | undefined {
  let versions: string[];
  try {
    versions = readdirSync(BIN_ROOT);
  } catch {
    return undefined;
  }
  return versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(BIN_ROOT, v, 'bin'))
    .find((dir) => executable(join(dir, 'initdb')) && executable(join(dir, 'postgres')));
}

/** The folder with initdb and postgres: `POSTGRES_BIN_DIR` when set (a wrong one: "missing"). */
function binDir(): string | undefined {
  const configured = process.env.POSTGRES_BIN_DIR;
  if (configured === undefined) return debianBinDir();
  return executable(join(configured, 'initdb')) && executable(join(configured, 'postgres'))
    ? configured
    : undefined;
}

/**
 * PostgreSQL's binaries (`POSTGRES_BIN_DIR`, else the newest `/usr/lib/postgresql/<n>/bin`):
 * initdb's path.
 */
export const postgresBinaries: LocalService = {
  name: 'postgresql',
  install: 'apt-get install postgresql',
  find: () => {
    const dir = binDir();
    return dir && join(dir, 'initdb');
  },
};

/**
 * PostgreSQL, for the suites that need one: found where `DATABASE_URL` names a server (the URL),
 * else where its binaries are (see `postgresBinaries`).
 */
export const postgresServer: LocalService = {
  ...postgresBinaries,
  find: () => process.env.DATABASE_URL || postgresBinaries.find(),
};

/** PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined)
    throw new Error('Running as root needs a "postgres" user to run PostgreSQL as');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs `binary` to its end as `user`; rejects with its output when it fails. */
async function run(
  binary: string,
  args: string[],
  options: { cwd: string; user: { uid: number; gid: number } | undefined },
): Promise<void> {
  const child = spawn(binary, args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.user,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await childExited(child);
  if (child.exitCode !== 0)
    throw new Error(`${binary} exited with code ${String(child.exitCode)}: ${output.trim()}`);
}

/** Whether the server at `url` answers a query. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on the server's maintenance database. */
async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `url` with its database replaced by `database`. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creating and dropping fresh databases on a server reached at `url`. */
function databases(url: string) {
  const created: string[] = [];
  return {
    createDatabase: async (
      name: string,
      { order = 'code-point' }: { order?: 'code-point' | 'language' } = {},
    ): Promise<string> => {
      if (!/^[a-z][a-z0-9_]{0,40}$/.test(name))
        throw new Error(`Invalid database name "${name}": lowercase letters, digits and _`);
      const database = `${name}_${randomBytes(4).toString('hex')}`;
      // UTF-8 and the C collation: strings sort by code point whatever the server's default.
      const collation =
        order === 'language'
          ? "LOCALE_PROVIDER icu ICU_LOCALE 'en' LOCALE 'C'"
          : "LC_COLLATE 'C' LC_CTYPE 'C'";
      await onServer(
        url,
        `CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' ${collation}`,
      );
      created.push(database);
      return withDatabase(url, database);
    },
    dropCreated: async (): Promise<void> => {
      for (const database of created.splice(0))
        await onServer(url, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    },
  };
}

/**
 * Runs postgres (`$0`, with its arguments) under a shell that stops it, with a fast shutdown that
 * does not wait for clients, once the shell's standard input closes: when `stop()` closes it, or
 * when the test process ends in any way, SIGKILL included (its end of the pipe closes then). The
 * shell ends with postgres.
 */
const STOPPED_WITH_STDIN =
  'exec 3<&0; "$0" "$@" & pid=$!; (read -r _ <&3; kill -INT "$pid" 2>/dev/null) & wait "$pid"';

async function startOnce(
  bin: string,
  dir: string,
  port: number,
  user: { uid: number; gid: number } | undefined,
): Promise<PostgresServer | undefined> {
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    fsync: 'on',
    synchronous_commit: 'on',
  };
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      STOPPED_WITH_STDIN,
      join(bin, 'postgres'),
      ...['-D', join(dir, 'data'), '-p', String(port)],
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'], ...user },
  );
  const stopped = async () => {
    child.stdin?.end();
    await childExited(child);
  };
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      child.stdin?.end();
      if (/could not bind|address already in use/i.test(output)) return undefined;
      throw new Error(`postgres exited with code ${child.exitCode}: ${output.trim()}`);
    }
    if (await answers(url)) {
      const { createDatabase } = databases(url);
      return {
        url,
        createDatabase,
        async stop() {
          await stopped();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stopped();
  throw new Error(`postgres did not answer on port ${port} within 20 s: ${output.trim()}`);
}

/**
 * The server a suite runs against: `DATABASE_URL` when set (each suite creates its own
 * databases there, dropped by `stop()`), else a throw-away cluster listening on 127.0.0.1 only,
 * with fsync on, run as the `postgres` user when this process is root. Call `stop()` when done.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    const { createDatabase, dropCreated } = databases(configured);
    return { url: configured, createDatabase, stop: dropCreated };
  }
  const bin = binDir();
  if (!bin) throw new Error(`PostgreSQL is not installed (${postgresBinaries.install})`);
  const user = unprivilegedUser();
  const dir = mkdtempSync(join(tmpdir(), 'wr-postgres-'));
  try {
    if (user) chownSync(dir, user.uid, user.gid);
    await run(
      join(bin, 'initdb'),
      // --no-sync: initdb's own files need no fsync for a throw-away cluster; the server has it on.
      [
        '-D',
        join(dir, 'data'),
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
      ],
      { cwd: dir, user },
    );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const server = await startOnce(bin, dir, await freePort(), user);
      if (server) return server;
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error('postgres could not find a free port after 5 attempts');
}
