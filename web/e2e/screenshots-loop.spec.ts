/**
 * The screens the story loop and bans changed, captured into docs/screenshots/ at 390x844 and
 * 1280x800, light and dark, each checked by axe first: a visitor's vote (the sign-in sheet over
 * the story), a story that could not be loaded, and a banned member on a story (the notice under
 * the header, the vote buttons disabled with the reason).
 */
import { adminAccount, approvedStory, PASSWORD, signUp, uniqueEmail } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureChecked, SHOT_VIEWPORTS } from './support/screenshots.ts';

for (const viewport of SHOT_VIEWPORTS)
  for (const colorScheme of ['light', 'dark'] as const)
    test(`when the loop and ban screens render at ${viewport.name} in ${colorScheme} they are captured and axe finds nothing`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const suffix = `${viewport.name}-${colorScheme}`;
      const story = await approvedStory(
        clientIpFor(testInfo),
        'We agreed to save for a trip, then he bought a new bike "because it was on sale". I say that money was for the trip.',
        'money',
      );
      const page = await consentedPage(browser, clientIpFor(testInfo), { colorScheme });
      await page.setViewportSize({ width: viewport.width, height: viewport.height });

      await page.goto(`/story/${story.id}`);
      await page.getByRole('button', { name: "She's Right", exact: true }).click();
      await expect(page.getByRole('dialog', { name: "Sign in to vote She's Right" })).toBeVisible();
      await captureChecked(page, `story-sign-in-sheet-${suffix}`);
      await page.keyboard.press('Escape');

      await page.route(`**/api/stories/${story.id}`, (route) =>
        route.fulfill({ status: 503, body: '{"message":"Not ready","code":"unavailable"}' }),
      );
      await page.goto(`/story/${story.id}`);
      await expect(page.getByRole('heading', { name: "Couldn't load this story" })).toBeVisible({
        timeout: 15_000,
      });
      await captureChecked(page, `story-unavailable-${suffix}`);
      await page.unroute(`**/api/stories/${story.id}`);

      const email = uniqueEmail('banned');
      await signUp(page.request, { email, firstName: 'Casey', lastName: 'Banned' });
      const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
      const admin = await adminAccount(clientIpFor(testInfo));
      await admin.api.patch(`/api/admin/users/${me.id}/ban`, {
        data: { reason: 'Insults in the comments' },
      });
      await admin.api.dispose();
      await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
      await page.goto(`/story/${story.id}`);
      await expect(page.getByRole('region', { name: 'Account banned' })).toContainText(
        'Reason: Insults in the comments',
      );
      await expect(page.getByRole('button', { name: "He's Right", exact: true })).toBeDisabled();
      await captureChecked(page, `story-banned-${suffix}`);
      await page.context().close();
    });
