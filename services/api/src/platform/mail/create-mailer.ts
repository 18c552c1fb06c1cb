import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, the DATA_DIR/outbox/ files otherwise. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  logger: Logger,
): Mailer {
  if (config.smtpUrl)
    return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  return createOutboxMailer({ dataDir: config.dataDir, from: config.mailFrom, logger });
}
