/**
 * Reads the reset mail the server wrote to DATA_DIR/outbox (embedded mail mode) with the
 * server's own test reader. Test-only: the one place the web package reaches into the API's
 * sources, because the mail format is the API's business.
 */
// eslint-disable-next-line no-restricted-imports -- test helper of the API, used only by the journeys
import { waitForMailTo } from '../../../services/api/src/platform/mail/outbox-reader.ts';

import { dataDir } from './api.ts';

/** The reset link mailed to `email` (newest mail first). */
export async function resetLinkFor(email: string): Promise<string> {
  const mail = await waitForMailTo(dataDir(), email, { timeoutMs: 10_000 });
  const link = mail.links.find((l) => l.includes('mode=reset'));
  if (!link) throw new Error(`The mail to ${email} has no reset link:\n${mail.text}`);
  return link;
}
