import { expect, test, type Page } from '@playwright/test';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies, your call' });

async function storage(page: Page) {
  return page.evaluate(() => ({
    consent: window.localStorage.getItem('cookie-consent'),
    preferences: JSON.parse(window.localStorage.getItem('cookie-preferences') ?? 'null') as unknown,
  }));
}

test.describe('cookie consent', () => {
  test('when a first-time visitor arrives the banner appears after about 1 s', async ({ page }) => {
    await page.goto('/');
    const loadedAt = await page.evaluate(() => performance.now());
    await expect(banner(page)).toBeVisible({ timeout: 5_000 });
    const shownAt = await page.evaluate(() => performance.now());
    // It was not there straight away, and it came about a second after the page started.
    expect(shownAt).toBeGreaterThanOrEqual(900);
    expect(loadedAt).toBeLessThan(shownAt);
    await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('when the banner is not yet due it is not shown: it appears at 1000 ms, not before', async ({
    page,
  }) => {
    // The page's timers run on Playwright's clock, paused before the page loads, so the delay is
    // checked exactly, whatever the load (the home feed's requests take real time meanwhile).
    const start = new Date('2026-01-01T00:00:00.000Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.clock.runFor(990);
    await expect(banner(page)).toBeHidden();
    await page.clock.runFor(20);
    await expect(banner(page)).toBeVisible();
  });

  test('when Accept All is chosen both keys are stored and the banner stays gone after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storage(page)).toEqual({
      consent: 'true',
      preferences: { necessary: true, analytics: true, advertising: true },
    });

    // Past the banner's 1 s delay on Playwright's clock, paused from before the reload.
    const start = new Date('2026-01-01T00:00:00.000Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(banner(page)).toBeHidden();
  });

  test('when Reject All is chosen analytics and advertising are stored as off', async ({
    page,
  }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Reject All' }).click();
    await expect(banner(page)).toBeHidden();
    expect((await storage(page)).preferences).toEqual({
      necessary: true,
      analytics: false,
      advertising: false,
    });
  });

  test('when Preferences are saved the chosen toggles are stored and shown again later', async ({
    page,
  }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    const necessary = dialog.getByRole('switch', { name: /Necessary/ });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await dialog.getByRole('switch', { name: /Analytics/ }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    expect(await storage(page)).toEqual({
      consent: 'true',
      preferences: { necessary: true, analytics: true, advertising: false },
    });

    await page.reload();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(dialog.getByRole('switch', { name: /Analytics/ })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: /Advertising/ })).not.toBeChecked();
    await expect(banner(page)).toBeHidden();
  });

  test('when no analytics id is configured no request leaves for Google', async ({ page }) => {
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(new URL(page.url() || 'http://x').origin)) {
        external.push(request.url());
      }
    });
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    expect(external.filter((url) => /google|gtag/.test(url))).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  });
});
