/**
 * The embedded server: `npm start` runs this after building the web app.
 * Configuration comes only from the environment (README, "Environment").
 */
import { ConfigError, loadConfig, type Config } from '#api/platform/config';
import { ensureSessionSecret } from '#api/platform/session-secret';
import { createLogger } from '#api/platform/logger';
import { startWebServer } from './server';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = ensureSessionSecret(configOrExit());
const logger = createLogger(config);

process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled promise rejection');
});

const running = await startWebServer(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
});
logger.info(`Who's Right is listening on ${running.url} (public URL ${config.publicUrl})`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  await running.stop();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
