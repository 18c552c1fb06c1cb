/** A new browser context and page for one client, cookie consent already given. */
import type { Browser, Page } from '@playwright/test';

import { baseURL } from './api.ts';

export async function consentedPage(
  browser: Browser,
  clientIp: string,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp },
    ...options,
  });
  await context.addInitScript(() => {
    window.localStorage.setItem('cookie-consent', 'true');
    window.localStorage.setItem(
      'cookie-preferences',
      JSON.stringify({ necessary: true, analytics: false, advertising: false }),
    );
  });
  return context.newPage();
}
