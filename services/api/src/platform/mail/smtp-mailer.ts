import { createTransport } from 'nodemailer';
import type { Logger } from '#api/platform/logger';
import type { Mailer } from './mailer';

/** Sends through the SMTP server of SMTP_URL (Mailpit in compose), e.g. `smtp://user:pass@host:1025`. */
export function createSmtpMailer(deps: { smtpUrl: string; from: string; logger: Logger }): Mailer {
  // nodemailer waits minutes by default; a stuck server should fail the attempt and let the job retry.
  const transport = createTransport({
    url: deps.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: deps.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      deps.logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent over SMTP');
    },
  };
}
