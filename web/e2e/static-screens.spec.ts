import type { Page } from '@playwright/test';

import { signUp } from './support/api.ts';
import { stubSignedInAdmin } from './support/stubbed-admin.ts';
import { expect, test } from './support/fixtures';

/**
 * Every width from 320 to 1,024 px, 10 px apart (past sm and md, where the wordmark and the
 * search field grow): where the header shows its wordmark, the wordmark ends before the nav
 * begins. Returns the widths where it did not.
 */
async function wordmarkUnderNav(page: Page): Promise<string[]> {
  const clashes: string[] = [];
  for (let width = 320; width <= 1024; width += 10) {
    await page.setViewportSize({ width, height: 800 });
    const clash = await page.evaluate(() => {
      const wordmark = document.querySelector('header a[href="/"] span');
      const nav = document.querySelector('header nav[aria-label="Main"]');
      if (!wordmark || !nav) return 'no header';
      const shown = wordmark.getBoundingClientRect();
      if (shown.width <= 1) return null; // for screen readers only at this width
      const navLeft = nav.getBoundingClientRect().left;
      return shown.right > navLeft ? `${Math.round(shown.right - navLeft)} px` : null;
    });
    if (clash) clashes.push(`${width} px wide: ${clash}`);
  }
  return clashes;
}

test.describe('static screens', () => {
  test('when /privacy is opened the policy sections render', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Privacy Policy · Who's Right");
    for (const heading of [
      '1. Information we collect',
      '2. How we use your information',
      '3. Cookies',
      '4. Third-party services',
      '5. Your rights',
      '6. Managing cookies',
      '7. Security',
      '8. Contact',
    ]) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    for (const kind of ['Essential.', 'Analytics.', 'Advertising.']) {
      await expect(page.getByText(kind, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Authentication provider:')).toBeVisible();
  });

  test('when the footer link is followed it opens the privacy policy', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('when a signed-out visitor presses Add new it asks them to log in and goes to /login', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await page.getByRole('button', { name: 'Add new' }).click();
    const toast = page.getByRole('region', { name: /Notifications/ });
    await expect(toast.getByText('Login Required')).toBeVisible();
    await expect(toast.getByText('Please log in to submit your story.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 3_000 });
  });

  test('when the screen is 360 px wide nothing overflows sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/privacy', '/nope']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: "Who's Right" })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expect(page.getByRole('button', { name: 'Add new' })).toBeVisible();
  });

  test('when a keyboard user tabs from the top the skip link, the title, the search field and Add new come in order', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: "Who's Right" })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', { name: 'Search stories' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add new' })).toBeFocused();
  });

  test('when the header renders from 320 to 1,024 px its wordmark never runs under the nav, for a visitor, a member and an admin', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    expect(await wordmarkUnderNav(page), 'visitor').toEqual([]);

    await signUp(page.request);
    await page.reload();
    await expect(page.getByRole('button', { name: /notifications/i })).toBeVisible();
    expect(await wordmarkUnderNav(page), 'member').toEqual([]);

    await stubSignedInAdmin(page);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(await wordmarkUnderNav(page), 'admin').toEqual([]);
  });

  test('when an admin points at Dashboard in the header its tooltip names it', async ({ page }) => {
    await stubSignedInAdmin(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'S, profile of sam' })).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Dashboard' })).toBeVisible();
  });
});
