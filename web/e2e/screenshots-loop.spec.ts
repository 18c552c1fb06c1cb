/**
 * The screens the story loop and bans changed, checked by axe at 390x844 and 1280x800, light and
 * dark (and pictured for docs/screenshots/ under `npm run screenshots`): a visitor's vote (the
 * sign-in sheet over the story), a story that could not be loaded, and a banned member on a story
 * (the notice under the header, the vote buttons disabled with the reason).
 */
import { adminAccount, approvedStory, PASSWORD, signUp, uniqueEmail } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

test(
  'when the loop and ban screens render at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const story = await approvedStory(
      clientIpFor(testInfo),
      'We agreed to save for a trip, then he bought a new bike "because it was on sale". I say that money was for the trip.',
      'money',
    );
    const page = await consentedPage(browser, clientIpFor(testInfo));

    await page.goto(`/story/${story.id}`);
    await page.getByRole('button', { name: "She's Right", exact: true }).click();
    await expect(page.getByRole('dialog', { name: "Sign in to vote She's Right" })).toBeVisible();
    await captureEverywhere(page, 'story-sign-in-sheet');
    await page.keyboard.press('Escape');

    await page.route(`**/api/stories/${story.id}`, (route) =>
      route.fulfill({ status: 503, body: '{"message":"Not ready","code":"unavailable"}' }),
    );
    // A visitor's page carries the story: this one arrives without it, as a member's does, so the
    // page asks the API, which fails.
    await page.route(`**/story/${story.id}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="inlined-answers">.*?<\/script>/s,
        '',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(`/story/${story.id}`);
    await expect(page.getByRole('heading', { name: "Couldn't load this story" })).toBeVisible({
      timeout: 15_000,
    });
    await captureEverywhere(page, 'story-unavailable');
    await page.unroute(`**/api/stories/${story.id}`);
    await page.unroute(`**/story/${story.id}`);

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
    await captureEverywhere(page, 'story-banned');
    await page.context().close();
  },
);
