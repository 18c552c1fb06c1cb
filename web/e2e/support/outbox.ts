/** The DATA_DIR of the server under test (its outbox holds the mails). */
function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run');
  return dir;
}

/**
 * Reads the reset mail the server wrote to DATA_DIR/outbox (embedded mail mode) with the
 * server's own test reader. Test-only: the one place the web package reaches into the API's
 * sources, because the mail format is the API's business.
 */
// eslint-disable-next-line no-restricted-imports -- test helper of the API, used only by the journeys
import { waitForMailTo, withLink } from '../../../services/api/src/platform/mail/outbox-reader.ts';

/** The reset link mailed to `email` (newest mail first). */
export async function resetLinkFor(email: string): Promise<string> {
  const mail = await waitForMailTo(dataDir(), email, {
    timeoutMs: 10_000,
    matching: withLink('mode=reset'),
  });
  const link = mail.links.find((l) => l.includes('mode=reset'));
  if (!link) throw new Error(`The mail to ${email} has no reset link:\n${mail.text}`);
  return link;
}

/** The verification link mailed to `email` at registration. */
export async function verificationLinkFor(email: string): Promise<string> {
  const mail = await waitForMailTo(dataDir(), email, {
    timeoutMs: 10_000,
    matching: withLink('mode=verify'),
  });
  const link = mail.links.find((l) => l.includes('mode=verify'));
  if (!link) throw new Error(`The mail to ${email} has no verification link:\n${mail.text}`);
  return link;
}
