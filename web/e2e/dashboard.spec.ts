/** /dashboard against the real server: admins only. */
import { fileURLToPath } from 'node:url';
import { axe } from './support/axe.ts';

import { adminAccount, approvedStory, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { ADMIN_EMAIL } from './support/start-server.ts';
import { expectToast } from './support/toast.ts';

const outDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

test.describe('dashboard', () => {
  test('when a member opens /dashboard it says admin access is required and goes home', async ({
    page,
  }) => {
    await signUp(page.request);
    await page.goto('/dashboard');
    await expectToast(page, 'Unauthorized', 'Admin access required. Redirecting...');
    await expect(page).toHaveURL(/\/$/);
  });

  for (const colorScheme of ['light', 'dark'] as const)
    test(`when an admin opens it in ${colorScheme} mode the published stories show with their verdicts, axe-clean from 320 px`, async ({
      browser,
    }, testInfo) => {
      const clientIp = clientIpFor(testInfo);
      const long = `${'We argued about the thermostat all winter long. '.repeat(6)}Who is right?`;
      const story = await approvedStory(clientIp, long, 'household');
      await (await adminAccount(clientIp)).api.dispose();
      const page = await consentedPage(browser, clientIp, { colorScheme });
      await signUp(page.request, { email: ADMIN_EMAIL });
      for (const viewport of [
        { name: 'small', width: 320, height: 640 },
        { name: 'phone', width: 390, height: 844 },
        { name: 'desktop', width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/dashboard');
        await expect(
          page.getByRole('heading', { name: 'Stories Dashboard', level: 1 }),
        ).toBeVisible();
        await expect(page.getByText('All published stories')).toBeVisible();
        const card = page.getByRole('listitem').filter({ hasText: `/story/${story.id}` });
        // Cut at a word within 200 characters, with an ellipsis; no votes yet, no 0% tie.
        await expect(
          card.getByText(`${'We argued about the thermostat all winter long. '.repeat(4)}We…`),
        ).toBeVisible();
        await expect(card.getByText('No votes yet')).toBeVisible();
        await expect(card.getByRole('link', { name: /Open/ })).toHaveAttribute('target', '_blank');
        await page.screenshot({
          path: `${outDir}dashboard-${viewport.name}-${colorScheme}.png`,
          fullPage: false,
        });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        const results = await axe(page).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      }
    });
});
