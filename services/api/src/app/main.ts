/**
 * The server process: `npm start` runs this after building the web app. The first argument picks
 * the role (`roles.ts`): `all` by default; `api`, `projector` or `worker` in scale mode.
 * Configuration comes only from the environment (README, "Environment").
 */
import { ConfigError, loadConfig, type Config } from '#api/platform/config';
import { ensureSessionSecret } from '#api/platform/session-secret';
import { createLogger } from '#api/platform/logger';
import { roleOf, RoleError, type Role } from './roles';
import { startWebServer } from './server';
import { startProjector } from './projector';
import { startWorker } from './worker';

/** SIGTERM: in-flight requests and jobs get this long to finish before the process gives up. */
const STOP_TIMEOUT_MS = 10_000;

function startupOrExit(): { config: Config; role: Role } {
  try {
    return { config: loadConfig(), role: roleOf(process.argv.slice(2), process.env) };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof RoleError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const { config: loaded, role } = startupOrExit();
const config = ensureSessionSecret(loaded);
const logger = createLogger(config).child({ role });

process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled promise rejection');
});

function start() {
  if (role === 'projector') return startProjector(config, logger);
  if (role === 'worker') return startWorker(config, logger);
  return startWebServer(config, logger, { role });
}

const running = await start().catch((error: unknown) => {
  // A store the environment names that cannot be used: one line naming the variable.
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
});
logger.info(
  role === 'all' || role === 'api'
    ? `Who's Right is listening on ${running.url} (public URL ${config.publicUrl})`
    : `The ${role} is running; health, readiness and metrics on ${running.url}`,
);
if (running.metricsUrl) logger.info(`Metrics on ${running.metricsUrl}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.error(`shutdown took longer than ${STOP_TIMEOUT_MS / 1000} s; exiting`);
    process.exit(1);
  }, STOP_TIMEOUT_MS);
  force.unref();
  await running.stop();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
