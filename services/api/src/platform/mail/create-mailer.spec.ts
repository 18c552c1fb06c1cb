import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { createMailer } from './create-mailer';
import { startSmtpTestServer } from './smtp-test-server';

describe('createMailer', () => {
  it('when SMTP_URL is unset it writes to DATA_DIR/outbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-create-mailer-'));
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'x@whosright.test', dataDir },
      captureLogs().logger,
    );
    await mailer.send({ to: 'ann@example.com', subject: 'Hi', text: 'Hello' });
    expect(readdirSync(join(dataDir, 'outbox'))).toHaveLength(1);
  });

  it('when SMTP_URL is set it sends over SMTP and writes no file', async () => {
    const smtp = await startSmtpTestServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-create-mailer-'));
    try {
      const mailer = createMailer(
        { smtpUrl: smtp.url, mailFrom: 'x@whosright.test', dataDir },
        captureLogs().logger,
      );
      await mailer.send({ to: 'ann@example.com', subject: 'Hi', text: 'Hello' });
      expect(smtp.received).toHaveLength(1);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      await smtp.stop();
    }
  });
});
