/**
 * The side beside each comment against the real server: a commenter who voted shows He or She, one
 * who did not shows nothing, and a member who turns it off on their profile no longer shows theirs.
 * Captured into docs/screenshots/ at 390x844 and 1280x800, light and dark, each checked by axe
 * first (the comments with their sides, and the profile's Privacy card).
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { approvedStory, newAccount, postComment, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';
import { expectToast } from './support/toast.ts';

async function voteAndComment(api: APIRequestContext, storyId: string, vote: string, text: string) {
  const voted = await api.post(`/api/stories/${storyId}/vote`, { data: { vote } });
  expect(voted.status(), await voted.text()).toBe(200);
  await postComment(api, storyId, text);
}

/** A story with a He commenter (Sky), a She commenter (Robin, `page`'s member) and one undecided. */
async function storyWithSides(page: Page, clientIp: string) {
  const story = await approvedStory(
    clientIp,
    'He books every holiday without asking. I say a trip for two is planned by two.',
    'relationships',
  );
  const he = await newAccount(clientIp, { firstName: 'Sky', lastName: 'Park' });
  await voteAndComment(he.api, story.id, 'he', 'Someone has to book it, or nobody goes.');
  await he.api.dispose();
  await signUp(page.request, { firstName: 'Robin', lastName: 'Hale' });
  await voteAndComment(page.request, story.id, 'she', 'Two people, two opinions, one calendar.');
  const undecided = await newAccount(clientIp, { firstName: 'Jo', lastName: 'Reyes' });
  await postComment(undecided.api, story.id, 'I would need to hear where he booked.');
  await undecided.api.dispose();
  return story;
}

const commentBy = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: name });

test('when commenters voted their side shows beside them, until a member turns theirs off', async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const clientIp = clientIpFor(testInfo);
  const page = await consentedPage(browser, clientIp);
  const story = await storyWithSides(page, clientIp);

  await page.goto(`/story/${story.id}`);
  await expect(commentBy(page, 'Sky_P').getByTitle("Voted He's Right")).toBeVisible();
  await expect(commentBy(page, 'Robin_H').getByTitle("Voted She's Right")).toBeVisible();
  await expect(commentBy(page, 'Jo_R')).toBeVisible();
  await expect(commentBy(page, 'Jo_R').getByTitle(/^Voted/)).toHaveCount(0);

  await page.goto('/profile');
  const toggle = page.getByRole('switch', { name: 'Show my side on my comments' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expectToast(page, 'Preferences Updated');
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(toggle).not.toBeChecked();

  await page.goto(`/story/${story.id}`);
  await expect(commentBy(page, 'Robin_H')).toBeVisible();
  await expect(commentBy(page, 'Robin_H').getByTitle(/^Voted/)).toHaveCount(0);
  await expect(commentBy(page, 'Sky_P').getByTitle("Voted He's Right")).toBeVisible();
  await page.context().close();
});

test(
  'when the comment sides and the privacy card render at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const page = await consentedPage(browser, clientIp);
    const story = await storyWithSides(page, clientIp);
    await page.goto(`/story/${story.id}`);
    await expect(commentBy(page, 'Sky_P').getByTitle("Voted He's Right")).toBeVisible();
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'story-comment-sides', {
      frame: () => page.getByRole('list', { name: 'Comments' }).scrollIntoViewIfNeeded(),
    });

    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Privacy' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'profile-privacy', {
      frame: () => page.getByRole('region', { name: 'Privacy' }).scrollIntoViewIfNeeded(),
    });
    await page.context().close();
  },
);
