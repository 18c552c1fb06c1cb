import { execFileSync } from 'node:child_process';

import { repoRoot } from './start-server.ts';

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

/**
 * Mails the daily digest now, as the day's job would, with `npm run digest`'s script against the
 * server's DATA_DIR (the journeys' way to run it; no route sends one).
 */
export function runDigest(): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'services/api/src/cli/digest.ts'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: dataDir(),
      PUBLIC_URL: process.env.E2E_BASE_URL ?? '',
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      OIDC_ISSUER: '',
      LOG_LEVEL: 'warn',
    },
  });
}

/** The newest digest mailed to `email`. */
export function digestMailFor(email: string) {
  return waitForMailTo(dataDir(), email, {
    timeoutMs: 10_000,
    matching: withLink('/unsubscribe?token='),
  });
}
