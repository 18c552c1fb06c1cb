/**
 * `npm run digest` mails the daily digest now, as the day's job would: to the members with the
 * digest on and news no digest told yet (a second run finds nothing new). It appends to the same
 * store as the running server and mails through the configured mailer (SMTP, or the outbox).
 */
import { dailyDigestOver } from '#api/app/notification-wiring';
import { queriesOf } from '#api/app/compose';
import { rejections } from '#api/app/rejections';
import { openStores } from '#api/app/stores';
import { createLogger } from '#api/platform/logger';
import { createMailer } from '#api/platform/mail/create-mailer';
import { ensureSessionSecret } from '#api/platform/session-secret';
import { CommandBus } from '#api/write/command-bus';
import { configOrRefuse, refuse } from './exits';

if (process.argv.length > 2) refuse('Usage: npm run digest');
const config = ensureSessionSecret(configOrRefuse());
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
