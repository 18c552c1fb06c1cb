/**
 * Browser journeys against the REAL server (services/api) serving the production build in
 * web/dist. `npm run test:e2e` builds first (`npm test` builds once, before Vitest, and runs
 * `test:journeys`). e2e/global-setup.ts starts the server on a free port
 * with a fresh DATA_DIR and SEED_DEMO=0 and hands its URL to the tests through E2E_BASE_URL.
 *
 * Chromium is the Debian package at CHROMIUM_PATH (default /usr/bin/chromium); no browser is
 * ever downloaded. Without it the journeys are skipped with one line saying how to install it
 * (`test:journeys` passes `--pass-with-no-tests`), except under CI=true, where the global
 * setup fails the run.
 *
 * The docs' pictures are not taken here: `npm run screenshots` (playwright.screenshots.config.ts)
 * runs the journeys tagged @screenshots and saves them. This run checks the same screens with axe
 * and skips the journeys that only take pictures.
 */
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chromium, chromiumPath } from '@whosright/testing/chromium';
import { missingServiceLine, serviceVerdict } from '@whosright/testing/local-service';

/** The journeys that only take pictures (no assertion of their own the others lack). */
const PICTURES_ONLY = ['**/screenshots.spec.ts', '**/screenshots-stories.spec.ts'];

const browser = serviceVerdict(chromium);
if (browser === 'skip') console.log(missingServiceLine(chromium, 'browser journeys'));

export const journeys: PlaywrightTestConfig = {
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/web-e2e',
  ...(browser === 'skip' ? { testIgnore: '**/*' } : { globalSetup: './e2e/global-setup.ts' }),
  // Two browsers on a 2-core machine: much of a journey is waiting on the server or the page,
  // and every journey makes its own members, stories and client address (support/fixtures.ts).
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    // Set by global setup before any worker starts; workers read it when they load this file.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
};

export default defineConfig({
  ...journeys,
  ...(browser === 'skip' ? {} : { testIgnore: PICTURES_ONLY }),
});
