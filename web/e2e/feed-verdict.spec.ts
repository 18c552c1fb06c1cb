/**
 * The verdict on a feed card against the real server: a member who voted on a story sees "She's
 * Right · 100%" on its card; a visitor does not, as the story is young. Captured into
 * docs/screenshots/ at 390x844 and 1280x800, light and dark, each checked by axe first.
 */
import type { Page } from '@playwright/test';

import { approvedStory, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

/** The feed card that links to the story (earlier runs may have posted the same text). */
const cardOf = (page: Page, storyId: string) =>
  page.getByRole('article').filter({ has: page.locator(`a[href="/story/${storyId}"]`) });

async function votedStory(page: Page, clientIp: string) {
  const story = await approvedStory(
    clientIp,
    'He says a "quick stop" at the hardware store is never quick. I say 40 minutes is quick.',
    'other',
  );
  await signUp(page.request, { firstName: 'Drew' });
  const voted = await page.request.post(`/api/stories/${story.id}/vote`, {
    data: { vote: 'she' },
  });
  expect(voted.status()).toBe(200);
  return story;
}

test('when a member voted on a story its feed card shows the verdict; a visitor sees Vote instead', async ({
  browser,
}, testInfo) => {
  const clientIp = clientIpFor(testInfo);
  const page = await consentedPage(browser, clientIp);
  const story = await votedStory(page, clientIp);
  await page.goto('/');
  await expect(cardOf(page, story.id)).toContainText("She's Right · 100%");

  const visitor = await consentedPage(browser, clientIp);
  await visitor.goto('/');
  await expect(cardOf(visitor, story.id)).toContainText('Vote →');
  await expect(cardOf(visitor, story.id)).not.toContainText('Right ·');
  await visitor.context().close();
  await page.context().close();
});

test('when feed cards of unequal length share a row on a desktop no excerpt grows past four lines', async ({
  browser,
}, testInfo) => {
  const clientIp = clientIpFor(testInfo);
  const page = await consentedPage(browser, clientIp);
  await page.setViewportSize({ width: 1280, height: 800 });
  await votedStory(page, clientIp);
  await approvedStory(clientIp, 'Short one: he hums.', 'other');
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  // A stretched excerpt (taller than its four lines) shows a fifth line under the ellipsis.
  const excerpts = await page
    .getByRole('article')
    .locator('p')
    .evaluateAll((paragraphs) =>
      paragraphs.map((p) => ({
        height: p.getBoundingClientRect().height,
        fourLines: 4 * parseFloat(getComputedStyle(p).lineHeight),
      })),
    );
  expect(excerpts.length).toBeGreaterThan(1);
  for (const { height, fourLines } of excerpts) expect(height).toBeLessThanOrEqual(fourLines + 1);
  await page.context().close();
});

test(
  'when a verdict shows in the feed at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(60_000);
    const clientIp = clientIpFor(testInfo);
    const page = await consentedPage(browser, clientIp);
    const story = await votedStory(page, clientIp);
    await page.goto('/');
    const card = cardOf(page, story.id);
    await expect(card).toContainText("She's Right · 100%");
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'feed-verdict', { frame: () => card.scrollIntoViewIfNeeded() });
    await page.context().close();
  },
);
