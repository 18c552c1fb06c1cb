/**
 * `npm run scale:local`: scale mode's topology on one machine, without Docker (README, "Scale out
 * on one machine"): a redis-server (REDIS_URL when set, else a throw-away one), two `api`
 * processes, two `projector` processes and a `worker`, all on the SQLite file in DATA_DIR, or with
 * `--postgres` on PostgreSQL: DATABASE_URL when set, else a throw-away cluster of Debian's binaries.
 * As an orchestrator would, it starts a process that dies again (with backoff, so a crash loop does
 * not spin), which is how the fail-over can be watched, and Ctrl-C stops them all with SIGTERM.
 */
import { existsSync } from 'node:fs';
import { prettyFactory } from 'pino-pretty';
import { fileURLToPath } from 'node:url';
import { startRedisServer, type RedisServer } from '@whosright/testing/redis-server';
import { startPostgresServer, type PostgresServer } from '@whosright/testing/postgres-server';
import { ConfigError, loadConfig } from '../services/api/src/platform/config';
import type { Role } from '../services/api/src/app/roles';
import { startRole } from '../services/api/src/testing/role-process';
import { buildWeb } from './build-web';
import { createSupervisor } from './supervisor';

const root = fileURLToPath(new URL('..', import.meta.url));
const TOPOLOGY: { name: string; role: Role; offset: number }[] = [
  { name: 'projector-1', role: 'projector', offset: 10 },
  { name: 'projector-2', role: 'projector', offset: 11 },
  { name: 'worker', role: 'worker', offset: 20 },
  { name: 'api-1', role: 'api', offset: 0 },
  { name: 'api-2', role: 'api', offset: 1 },
];

const USAGE = 'Usage: npm run scale:local [-- --postgres]';
const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--postgres')) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
if (!existsSync(`${root}/web/dist/index.html`)) {
  console.log('Building the web app...');
  buildWeb();
}

let redis: RedisServer | undefined;
const redisUrl = config.redisUrl ?? (redis = await startRedisServer()).url;
// PostgreSQL: DATABASE_URL as given; with --postgres alone, a throw-away cluster and database.
let postgres: PostgresServer | undefined;
async function throwAwayDatabase(): Promise<string> {
  try {
    return await (postgres = await startPostgresServer()).createDatabase('whosright');
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await redis?.stop();
    process.exit(1);
  }
}
const databaseUrl =
  config.database?.url ?? (args.includes('--postgres') ? await throwAwayDatabase() : undefined);
const supervisor = createSupervisor({
  say: (line) => process.stdout.write(`${'supervisor'.padEnd(12)} ${line}\n`),
});

let stopping = false;
async function stopAll(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  const codes = await supervisor.stop();
  await redis?.stop();
  await postgres?.stop();
  process.exit(codes.every((c) => c === 0) ? code : 1);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

// The children write JSON lines (their output is a pipe); on a terminal they are shown as
// `npm start` shows its own, one readable line per event, after the process's name.
const pretty = process.stdout.isTTY
  ? prettyFactory({
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
    })
  : undefined;
const prefixed = (name: string) => (chunk: string) => {
  for (const line of chunk.split('\n').filter(Boolean)) {
    const shown = pretty && line.startsWith('{') ? pretty(line).trimEnd() : line;
    process.stdout.write(`${name.padEnd(12)} ${shown}\n`);
  }
};

try {
  for (const { name, role, offset } of TOPOLOGY) {
    const port = config.port + offset;
    await supervisor.add(name, () =>
      startRole(
        role,
        port,
        {
          REDIS_URL: redisUrl,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          // Unset, each API is its own origin (http://localhost:<its port>), so both accept writes.
          ...(process.env.PUBLIC_URL ? { PUBLIC_URL: config.publicUrl } : {}),
          ...(config.metricsPort ? { METRICS_PORT: String(config.metricsPort + offset) } : {}),
        },
        { onOutput: prefixed(name) },
      ),
    );
  }
} catch (error) {
  if (!stopping) console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}

const data = databaseUrl
  ? `PostgreSQL ${postgres ? 'throw-away, ' : ''}${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}`
  : `data in ${config.dataDir}`;
console.log(`
Scale mode on one machine (Redis ${redisUrl}${redis ? ', throw-away' : ''}, ${data}):
  api        http://localhost:${config.port}  and  http://localhost:${config.port + 1}
  projector  http://localhost:${config.port + 10}  and  http://localhost:${config.port + 11}  (/api/ready)
  worker     http://localhost:${config.port + 20}  (/api/ready)
A process that dies is started again (kill one to watch the fail-over). Ctrl-C stops them all.`);
