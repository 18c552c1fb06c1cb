/** The admin panel as the journeys drive it: the e2e admin's browser on /admin, and its tabs. */
import { expect, type Browser, type Page } from '@playwright/test';

import { adminAccount, signUp } from './api.ts';
import { consentedPage } from './pages.ts';
import { ADMIN_EMAIL } from './start-server.ts';

/** The e2e admin's browser, on /admin. */
export async function adminPage(
  browser: Browser,
  clientIp: string,
  colorScheme?: 'light' | 'dark',
): Promise<Page> {
  await (await adminAccount(clientIp)).api.dispose();
  const page = await consentedPage(browser, clientIp, colorScheme ? { colorScheme } : {});
  await signUp(page.request, { email: ADMIN_EMAIL });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  return page;
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}
