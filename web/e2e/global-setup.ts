/**
 * Starts the real server for the journeys (support/start-server.ts) with SEED_DEMO=0 and
 * ADMIN_EMAILS=admin@e2e.test, hands its URL and data directory to the tests through
 * E2E_BASE_URL and E2E_DATA_DIR (the outbox of reset mails lives there), and returns the
 * teardown (stop server, delete data).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@whosright/testing/chromium';
import { missingServiceLine, serviceVerdict } from '@whosright/testing/local-service';

import { repoRoot, startServer } from './support/start-server.ts';

export default async function globalSetup() {
  // Only reached with Chromium missing under CI=true: elsewhere the config skips the journeys.
  if (serviceVerdict(chromium) !== 'run') {
    throw new Error(`${missingServiceLine(chromium, 'browser journeys')}; CI must install it`);
  }
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }

  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  return server.stop;
}
