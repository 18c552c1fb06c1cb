/**
 * A server of its own (a fresh DATA_DIR) for the journeys of one file whose reader draws stories
 * at random: on the shared server that reader would vote on the fresh stories of the journeys
 * running beside it, which count their votes exactly. The support helpers follow E2E_BASE_URL and
 * E2E_DATA_DIR, so the file's journeys use this server; both are put back after, for the files
 * this worker runs next. Call it at the top of the file, before the file's own hooks.
 */
import { test } from '@playwright/test';

import { startServer, type RunningServer } from './start-server.ts';

export function withOwnServer(): void {
  let own: RunningServer | undefined;
  const shared = { url: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    own = await startServer();
    process.env.E2E_BASE_URL = own.baseURL;
    process.env.E2E_DATA_DIR = own.dataDir;
  });

  test.afterAll(async () => {
    restore('E2E_BASE_URL', shared.url);
    restore('E2E_DATA_DIR', shared.dataDir);
    await own?.stop();
  });
}

/** `process.env` keeps strings only: an unset variable is deleted, not set to "undefined". */
function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
