import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { AccountUseCases } from '#api/account/account-use-cases';
import type { Actor } from '#api/platform/actor';
import type { Logger } from '#api/platform/logger';

export const DEMO_ADMIN_EMAIL = 'admin@demo.local';
/** In DATA_DIR. */
export const DEMO_ADMIN_FILE = 'demo-admin.txt';

/**
 * Development only: an admin account a newcomer can sign in with at once. Its random password is
 * written to `file` (readable by its owner only) and printed once, in the start log that seeded it.
 */
export async function createDemoAdmin(
  accounts: AccountUseCases,
  file: string,
  created: Actor,
  promotedBy: Actor,
  logger: Logger,
): Promise<void> {
  const password = randomBytes(12).toString('base64url');
  const userId = await accounts.registration.createAccount(
    { email: DEMO_ADMIN_EMAIL, password, firstName: 'Demo', lastName: 'Admin' },
    created,
  );
  await accounts.verification.markVerifiedBySeed(userId, created);
  await accounts.rolesAndBans.change(userId, 'promote', promotedBy);
  await writeFile(file, `email: ${DEMO_ADMIN_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  logger.info(
    { email: DEMO_ADMIN_EMAIL, password, file },
    'demo admin created: sign in with this e-mail and password (also in the file)',
  );
}
