import type { Page } from '@playwright/test';
import { currentUserFixture } from '../../src/testing/current-user.ts';
import { baseURL } from './api.ts';

/**
 * An admin stubbed in the browser, for screens that need only the header: the signed-in hint
 * cookie makes the app ask who it is, and the answer is an admin. No account exists on the server.
 */
export async function stubSignedInAdmin(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'wr_signed_in', value: '1', url: baseURL() }]);
  await page.route('**/api/auth/user', (route) =>
    route.fulfill({ json: currentUserFixture({ role: 'admin' }) }),
  );
}
