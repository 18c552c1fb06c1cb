/**
 * What only a real browser can tell: the focus ring shows for the keyboard and not after a mouse
 * click (Radix focuses a clicked tab from script), and the profile's verify-email notice keeps its
 * icon on the line of its text, on a phone and a desktop.
 */
import type { Locator } from '@playwright/test';

import { signUp, uniqueEmail } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const ringShown = (tab: Locator) => tab.evaluate((el) => el.matches(':focus-visible'));

test.describe('focus and notices', () => {
  test('when a tab is clicked it takes the focus without the ring, and arrow keys bring the ring', async ({
    page,
  }) => {
    await signUp(page.request, { email: uniqueEmail('focus') });
    await page.goto('/profile');
    const comments = page.getByRole('tab', { name: 'My Comments' });
    await comments.click();
    await expect(comments).toBeFocused();
    await expect(comments).toHaveAttribute('aria-selected', 'true');
    expect(await ringShown(comments)).toBe(false);

    await page.keyboard.press('ArrowLeft');
    const stories = page.getByRole('tab', { name: 'My Stories' });
    await expect(stories).toBeFocused();
    expect(await ringShown(stories)).toBe(true);
  });

  for (const width of [360, 1280])
    test(`when an unverified member opens the profile at ${width} px the notice's icon sits on its first line`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signUp(page.request, { email: uniqueEmail('verify') });
      await page.goto('/profile');
      const notice = page.getByTestId('verify-email-notice');
      await expect(notice).toContainText('Check your inbox to verify your e-mail.');
      const icon = (await notice.locator('svg').boundingBox())!;
      const text = (await notice.locator('span').first().boundingBox())!;
      // Beside the text, not above it, and within its first line (20 px at this size).
      expect(icon.x + icon.width).toBeLessThanOrEqual(text.x);
      expect(icon.y).toBeGreaterThanOrEqual(text.y);
      expect(icon.y + icon.height).toBeLessThanOrEqual(text.y + 20 + 1);
      if (width === 1280) expect(text.height).toBeLessThanOrEqual(24);
    });
});
