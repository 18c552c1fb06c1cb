import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from '#api/platform/logger';
import type { Mailer } from './mailer';

export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

let sequence = 0;

/** `20261122T094807123Z-000001-1a2b3c4d.eml`: names sort by time, then by order within this process. */
function fileName(now: Date): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * The embedded adapter: each mail becomes a real RFC 5322 message (built by nodemailer) in
 * DATA_DIR/outbox/. The log line names the file, never the body (bodies carry reset links).
 */
export function createOutboxMailer(deps: {
  dataDir: string;
  from: string;
  logger: Logger;
}): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = outboxDir(deps.dataDir);
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
      await mkdir(dir, { recursive: true });
      const file = join(dir, fileName(new Date()));
      // Written aside and renamed, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      deps.logger.info({ file, subject: mail.subject }, 'mail written to the outbox');
    },
  };
}
