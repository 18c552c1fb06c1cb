/**
 * Starts the real server for the journeys (support/start-server.ts) with SEED_DEMO=0 and
 * ADMIN_EMAILS=admin@e2e.test, hands its URL and data directory to the tests through
 * E2E_BASE_URL and E2E_DATA_DIR (the outbox of reset mails lives there), and returns the
 * teardown (stop server, delete data).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { repoRoot, startServer } from './support/start-server.ts';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default async function globalSetup() {
  if (!existsSync(chromiumPath)) {
    const message =
      `Chromium not found at ${chromiumPath}. Install the Debian package (apt-get install chromium) ` +
      'or point CHROMIUM_PATH at a Chromium binary; the journeys never download browsers.';
    // Locally this is the only useful outcome too: there is nothing to run the journeys in.
    throw new Error(process.env.CI ? `[CI] ${message}` : message);
  }
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }

  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  return server.stop;
}
