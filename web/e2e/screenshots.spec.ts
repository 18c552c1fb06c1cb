/**
 * Visual check: home, privacy, not-found and the cookie banner at a phone (390x844) and a
 * desktop (1280x800) size, in light and dark, into web/e2e/screenshots/ (gitignored). Look at
 * them after a UI change; the best ones are copied to docs/screenshots/ for the README. Pictures
 * only: `npm run screenshots` runs it, `npm test` does not (what it shows on the way is checked
 * by the journeys of each screen).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { stubSignedInAdmin } from './support/stubbed-admin.ts';
import { animationsDone, PICTURES, SHOT_VIEWPORTS } from './support/screenshots.ts';

const outDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

const schemes = ['light', 'dark'] as const;

const consented = () => {
  window.localStorage.setItem('cookie-consent', 'true');
  window.localStorage.setItem(
    'cookie-preferences',
    JSON.stringify({ necessary: true, analytics: false, advertising: false }),
  );
};

for (const viewport of SHOT_VIEWPORTS) {
  for (const colorScheme of schemes) {
    test.describe(`${viewport.name} ${colorScheme}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme });
      const shot = (name: string) => `${outDir}${name}-${viewport.name}-${colorScheme}.png`;

      test('when the pages render they are captured', PICTURES, async ({ page }) => {
        await page.addInitScript(consented);

        await page.goto('/');
        await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
        await page.screenshot({ path: shot('home'), fullPage: true });

        await page.goto('/privacy');
        await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
        await page.screenshot({ path: shot('privacy') });

        await page.goto('/no-such-page');
        await expect(page.getByText(/doesn't exist or has been moved/)).toBeVisible();
        await page.screenshot({ path: shot('not-found') });

        // Keyboard focus: skip link, then the title link, then Add new.
        await page.goto('/');
        await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: 'Add new' })).toBeFocused();
        await page.screenshot({
          path: shot('focus'),
          clip: { x: 0, y: 0, width: viewport.width, height: 120 },
        });

        await page.evaluate(() => window.localStorage.setItem('whosright:e2e-crash-test', 'armed'));
        page.on('pageerror', () => {});
        await page.goto('/?crash-test');
        await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
        await page.screenshot({ path: shot('crash') });
      });

      test('when an admin is signed in the header is captured', PICTURES, async ({ page }) => {
        await page.addInitScript(consented);
        await stubSignedInAdmin(page);
        await page.goto('/');
        await expect(page.getByRole('link', { name: 'S, profile of sam' })).toBeVisible();
        await page.getByRole('link', { name: 'Dashboard' }).hover();
        await expect(page.getByRole('tooltip', { name: 'Dashboard' })).toBeVisible();
        await page.screenshot({
          path: shot('header-admin'),
          clip: { x: 0, y: 0, width: viewport.width, height: 120 },
        });
      });

      test('when there is no consent the banner is captured', PICTURES, async ({ page }) => {
        await page.goto('/');
        await expect(page.getByTestId('cookie-banner')).toBeVisible();
        await animationsDone(page);
        await page.screenshot({ path: shot('cookie-banner') });
        await page.getByRole('button', { name: 'Preferences' }).click();
        await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
        await animationsDone(page);
        await page.screenshot({ path: shot('cookie-preferences') });
      });
    });
  }
}
