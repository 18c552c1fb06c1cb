/**
 * `npm run digest` mails the daily digest now, as the day's job would: to the members with the
 * digest on and news no digest told yet (a second run finds nothing new). It appends to the same
 * store as the running server and mails through the configured mailer (SMTP, or the outbox).
 */
import { dailyDigestOver } from '#api/notification/digest-wiring';
import { notificationSettingsById } from '#api/account/notification-settings';
import { queriesOf } from '#api/wiring/queries';
import { commandBusOver } from '#api/app/command-bus-over';
import { openStores } from '#api/app/stores';
import { createLogger } from '#api/platform/logger';
import { createMailer } from '#api/platform/mail/create-mailer';
import { ensureSessionSecret } from '#api/platform/session-secret';
import { configOrRefuse, openedOrRefuse, refuse } from './exits';

if (process.argv.length > 2) refuse('Usage: npm run digest');
const config = ensureSessionSecret(configOrRefuse());
const logger = createLogger({ ...config, logLevel: 'warn' });
const stores = await openedOrRefuse(() => openStores(config, logger, { runProjections: false }));
try {
  const mailer = createMailer(config, logger);
  const queries = queriesOf(stores.readStore);
  const digest = dailyDigestOver({
    bus: commandBusOver(stores.eventStore, null),
    queries,
    settings: (userId) => notificationSettingsById(queries.users, userId),
    config,
    send: (mail) => mailer.send(mail),
  });
  const sent = await digest.run();
  console.log(sent === 1 ? '1 digest mailed.' : `${sent} digests mailed.`);
} finally {
  await stores.close();
}
