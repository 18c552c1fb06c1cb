/**
 * A 360x740 phone against the real server: the hero shrinks to one line for a returning or
 * signed-in reader (decided before the first paint, so it never changes size), the first story is
 * then fully on screen, toasts come up from the bottom instead of over the header (desktop keeps
 * them bottom right), and Logout says 'Signed out'.
 */
import type { Page } from '@playwright/test';

import { approvedStory, signUp, uniqueEmail } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { expectToast } from './support/toast.ts';

const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

/**
 * Before any script runs: records every hero variant the page ever shows, and the layout shifts
 * not caused by input, so a hero that swaps size after its first paint is caught.
 */
async function watchHeroAndShifts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const shifts: number[] = [];
    Object.assign(window, { __heroes: seen, __shifts: shifts });
    new MutationObserver(() => {
      const hero = document.querySelector('[data-hero]')?.getAttribute('data-hero');
      if (hero && seen.at(-1) !== hero) seen.push(hero);
    }).observe(document, { subtree: true, childList: true, attributes: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const heroesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __heroes: string[] }).__heroes);
const layoutShift = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
  );

/** The first story card is wholly on screen, without scrolling. */
async function expectFirstCardAboveTheFold(page: Page) {
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.y).toBeGreaterThan(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

test.describe('on a phone', () => {
  test('when a visitor comes back the hero is one line from the first paint and the first story is above the fold', async ({
    page,
    clientIp,
  }) => {
    await approvedStory(clientIp);
    await watchHeroAndShifts(page);

    await page.goto('/');
    await expect(page.locator('[data-hero="full"]')).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    expect(await heroesSeen(page)).toEqual(['full']);

    await page.reload();
    await expect(page.locator('[data-hero="compact"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Two sides. One story. You decide.',
    );
    await expect(
      page.locator('[data-hero="compact"]').getByRole('link', { name: 'Random story' }),
    ).toBeVisible();
    await expectFirstCardAboveTheFold(page);
    expect(await heroesSeen(page)).toEqual(['compact']);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  test('when a member is signed in the hero is one line on their first visit too', async ({
    page,
    clientIp,
  }) => {
    await approvedStory(clientIp);
    await signUp(page.request, { email: uniqueEmail('phone') });
    await watchHeroAndShifts(page);

    await page.goto('/');
    await expect(page.getByRole('link', { name: /, profile of / })).toBeVisible();
    await expect(page.locator('[data-hero="compact"]')).toBeVisible();
    await expectFirstCardAboveTheFold(page);
    expect(await heroesSeen(page)).toEqual(['compact']);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  test('when a toast shows it comes up at the bottom, clear of the header', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add new' }).click();
    const toast = page.locator('[data-slot="toast"]');
    await expect(toast).toBeVisible();
    // The entrance animation moves it; measure once it has settled.
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return Math.round(box.y + box.height);
      })
      .toBeGreaterThanOrEqual(PHONE.height - 40);
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThan(header.y + header.height);
  });

  test('when a member logs out the page they land on says "Signed out"', async ({ page }) => {
    await signUp(page.request, { email: uniqueEmail('logout') });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Signed out', 'See you next time.');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('when a toast shows it keeps its place at the bottom right', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add new' }).click();
    const toast = page.locator('[data-slot="toast"]');
    await expect(toast).toBeVisible();
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return [Math.round(box.x + box.width), Math.round(box.y + box.height) >= 800 - 40];
      })
      .toEqual([1280 - 16, true]);
  });
});
