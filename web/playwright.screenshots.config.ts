/**
 * `npm run screenshots`: the journeys tagged @screenshots, saving the docs' pictures into
 * docs/screenshots/ (and the pictures-only journeys' into web/e2e/screenshots/). `npm test` runs
 * the same journeys without saving (playwright.config.ts).
 */
import { defineConfig } from '@playwright/test';

import { journeys } from './playwright.config.ts';

// Read by e2e/support/screenshots.ts in the workers, which inherit this process's environment.
process.env.E2E_SCREENSHOTS = '1';

export default defineConfig({
  ...journeys,
  grep: /@screenshots/,
  outputDir: '../test-results/web-screenshots',
});
