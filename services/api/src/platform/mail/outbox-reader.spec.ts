import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { createOutboxMailer } from './outbox-mailer';
import { newestMailTo, readOutbox, waitForMailTo } from './outbox-reader';

function outbox() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wr-reader-'));
  return {
    dataDir,
    mailer: createOutboxMailer({
      dataDir,
      from: "Who's Right <no-reply@whosright.test>",
      logger: captureLogs().logger,
    }),
  };
}

describe('outbox reader', () => {
  it('when the outbox does not exist yet it reads no mail', async () => {
    expect(await readOutbox(mkdtempSync(join(tmpdir(), 'wr-reader-')))).toEqual([]);
  });

  it('when several mails went out it answers the newest one to the address, case-insensitively', async () => {
    const { dataDir, mailer } = outbox();
    await mailer.send({ to: 'ann@example.com', subject: 'First', text: 'one' });
    await mailer.send({ to: 'bob@example.com', subject: 'For Bob', text: 'two' });
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Reset your password',
      text: 'Open https://whosright.test/reset?token=t0k3n now',
    });
    const mail = await newestMailTo(dataDir, 'Ann@Example.com');
    expect(mail).toMatchObject({
      to: ['ann@example.com'],
      from: '"Who\'s Right" <no-reply@whosright.test>',
      subject: 'Reset your password',
      links: ['https://whosright.test/reset?token=t0k3n'],
    });
    expect((await readOutbox(dataDir)).map((m) => m.subject)).toEqual([
      'Reset your password',
      'For Bob',
      'First',
    ]);
    expect(await newestMailTo(dataDir, 'nobody@example.com')).toBeUndefined();
  });

  it('when waiting for a mail that is sent a moment later it answers it', async () => {
    const { dataDir, mailer } = outbox();
    await mailer.send({ to: 'ann@example.com', subject: 'Old', text: 'old' });
    const before = (await newestMailTo(dataDir, 'ann@example.com'))!.file;
    setTimeout(() => void mailer.send({ to: 'ann@example.com', subject: 'New', text: 'new' }), 100);
    const mail = await waitForMailTo(dataDir, 'ann@example.com', {
      newerThan: before,
      timeoutMs: 2_000,
    });
    expect(mail.subject).toBe('New');
  });

  it('when no mail arrives in time waiting rejects with the address', async () => {
    const { dataDir } = outbox();
    await expect(waitForMailTo(dataDir, 'ann@example.com', { timeoutMs: 100 })).rejects.toThrow(
      'No mail to ann@example.com',
    );
  });
});
