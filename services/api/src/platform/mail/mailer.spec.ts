import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { FROM, mailerContract } from './mailer.contract';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';
import { startSmtpTestServer } from './smtp-test-server';

function readEmls(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  return readdirSync(dir)
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

describe('outbox mailer', () => {
  mailerContract(() => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-outbox-'));
    const mailer = createOutboxMailer({ dataDir, from: FROM, logger: captureLogs().logger });
    return { mailer, delivered: () => readEmls(dataDir) };
  });

  it('when a mail is written it logs the file name and subject but never the body', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-outbox-'));
    const logs = captureLogs();
    const mailer = createOutboxMailer({ dataDir, from: FROM, logger: logs.logger });
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Reset your password',
      text: 'token=secret-token-xyz',
    });
    const [name] = readdirSync(join(dataDir, 'outbox'));
    expect(name).toMatch(/^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}\.eml$/);
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'mail written to the outbox',
        file: join(dataDir, 'outbox', name!),
        subject: 'Reset your password',
      }),
    );
    expect(logs.text()).not.toContain('secret-token-xyz');
  });

  it('when several mails are written quickly their file names sort in sending order', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-outbox-'));
    const mailer = createOutboxMailer({ dataDir, from: FROM, logger: captureLogs().logger });
    for (const n of [1, 2, 3, 4, 5])
      await mailer.send({ to: 'ann@example.com', subject: `Mail ${n}`, text: String(n) });
    expect(readEmls(dataDir).map((raw) => /Subject: (.*)/.exec(raw)?.[1]?.trim())).toEqual([
      'Mail 1',
      'Mail 2',
      'Mail 3',
      'Mail 4',
      'Mail 5',
    ]);
  });
});

describe('SMTP mailer against a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  mailerContract(() => {
    const before = smtp.received.length;
    const mailer = createSmtpMailer({
      smtpUrl: smtp.url,
      from: FROM,
      logger: captureLogs().logger,
    });
    return { mailer, delivered: () => smtp.received.slice(before).map((m) => m.raw) };
  });

  it('when a mail is sent the SMTP envelope names the sender and the recipient', async () => {
    const before = smtp.received.length;
    const mailer = createSmtpMailer({
      smtpUrl: smtp.url,
      from: FROM,
      logger: captureLogs().logger,
    });
    await mailer.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hello' });
    expect(
      smtp.received
        .slice(before)
        .map(({ envelopeFrom, envelopeTo }) => ({ envelopeFrom, envelopeTo })),
    ).toEqual([{ envelopeFrom: 'no-reply@whosright.test', envelopeTo: ['bob@example.com'] }]);
  });

  it('when the SMTP server cannot be reached send rejects so the job can retry', async () => {
    const down = await startSmtpTestServer();
    await down.stop();
    const mailer = createSmtpMailer({
      smtpUrl: down.url,
      from: FROM,
      logger: captureLogs().logger,
    });
    await expect(
      mailer.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hello' }),
    ).rejects.toThrow();
  });
});
