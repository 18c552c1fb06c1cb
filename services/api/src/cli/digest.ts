/**
 * `npm run digest` mails the daily digest now, as the day's job would: to the members with the
 * digest on and news no digest told yet (a second run finds nothing new). It appends to the same
 * store as the running server and mails through the configured mailer (SMTP, or the outbox).
 */
import { dailyDigestOver } from '#api/app/daily-digest';
import { queriesOf } from '#api/app/compose';
import { rejections } from '#api/app/rejections';
import { openStores } from '#api/app/stores';
import { ConfigError, loadConfig, type Config } from '#api/platform/config';
import { createLogger } from '#api/platform/logger';
import { createMailer } from '#api/platform/mail/create-mailer';
import { ensureSessionSecret } from '#api/platform/session-secret';
import { CommandBus } from '#api/write/command-bus';

function configOrFail(): Config {
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

if (process.argv.length > 2) {
  process.stderr.write('Usage: npm run digest\n');
  process.exit(1);
}
const config = ensureSessionSecret(configOrFail());
const logger = createLogger({ ...config, logLevel: 'warn' });
const stores = await openStores(config, logger, { runProjections: false });
try {
  const mailer = createMailer(config, logger);
  const digest = dailyDigestOver({
    bus: new CommandBus(stores.eventStore, null, rejections),
    queries: queriesOf(stores.readStore),
    config,
    send: (mail) => mailer.send(mail),
  });
  const sent = await digest.run();
  console.log(sent === 1 ? '1 digest mailed.' : `${sent} digests mailed.`);
} finally {
  await stores.close();
}
