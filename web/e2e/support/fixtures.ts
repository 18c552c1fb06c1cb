/**
 * The journeys' `test`: every test (and every API context it makes) talks to the server from
 * its own client address. The server trusts X-Forwarded-For from loopback, so the per-IP
 * limits (10 registrations per hour) count per test instead of per run.
 */
import { test as base, type TestInfo } from '@playwright/test';

let counter = 0;

/** A fresh 10.x.y.z address for this worker and test. */
export function clientIpFor(testInfo: TestInfo): string {
  counter += 1;
  const n = (testInfo.workerIndex * 50_000 + counter + Date.now()) % 16_000_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend<{ clientIp: string }>({
  // eslint-disable-next-line no-empty-pattern
  clientIp: async ({}, provide, testInfo) => {
    await provide(clientIpFor(testInfo));
  },
  extraHTTPHeaders: async ({ clientIp }, provide) => {
    await provide({ 'X-Forwarded-For': clientIp });
  },
  // No cookie banner in the way: consent is stored before the first page loads.
  page: async ({ page }, provide) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('cookie-consent', 'true');
      window.localStorage.setItem(
        'cookie-preferences',
        JSON.stringify({ necessary: true, analytics: false, advertising: false }),
      );
    });
    await provide(page);
  },
});

export { expect } from '@playwright/test';
