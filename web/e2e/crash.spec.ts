/**
 * The crash fallback. The production build contains a test-only trigger (src/app/crash-test-trigger.tsx)
 * that throws during render only when the localStorage flag 'whosright:e2e-crash-test' is 'armed'
 * AND the URL has ?crash-test. Nothing in the app sets the flag.
 */
import { expect, test } from '@playwright/test';

test.describe('crash fallback', () => {
  test('when a render error happens it shows the crash screen with refresh and home', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('whosright:e2e-crash-test', 'armed');
    });
    page.on('pageerror', () => {});
    await page.goto('/?crash-test');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Two sides. One story.');
  });

  test('when the flag is not armed the crash parameter does nothing', async ({ page }) => {
    await page.goto('/?crash-test');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Two sides. One story.');
    await expect(page.getByText('Something went wrong')).toBeHidden();
  });
});
