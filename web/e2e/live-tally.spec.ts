/**
 * Live tallies and comments (GET /api/stories/{id}/live): a second browser's vote and comment
 * appear on the first browser's story screen without a reload.
 */
import type { Browser, Page } from '@playwright/test';

import { approvedStory, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { expectToast } from './support/toast.ts';

async function memberOnStory(browser: Browser, clientIp: string, storyId: string): Promise<Page> {
  const page = await consentedPage(browser, clientIp);
  await signUp(page.request, { firstName: 'Robin', lastName: 'Lee' });
  await page.goto(`/story/${storyId}`);
  return page;
}

test.describe('live story screen', () => {
  test("when another member votes and comments, the first member's results and comments change without a reload", async ({
    browser,
    clientIp,
  }, testInfo) => {
    const story = await approvedStory(clientIp);

    // A votes and sees the split, with the live stream open.
    const a = await memberOnStory(browser, clientIpFor(testInfo), story.id);
    const live = a.waitForRequest((r) => r.url().endsWith(`/api/stories/${story.id}/live`));
    await a.getByRole('button', { name: "He's Right", exact: true }).click();
    await expectToast(a, 'Vote Recorded!', "You voted He's Right");
    const results = a.getByRole('region', { name: 'Results' });
    await expect(results).toContainText('1 vote');
    await expect(results).toContainText('100%');
    await live;
    await a.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    // B, in another browser, votes the other way and comments.
    const b = await memberOnStory(browser, clientIpFor(testInfo), story.id);
    await b.getByRole('button', { name: "She's Right", exact: true }).click();
    await expectToast(b, 'Vote Recorded!', "You voted She's Right");

    await expect(results).toContainText('2 votes');
    await expect(results).toContainText('50%');

    const comments = b.getByRole('region', { name: /Comments/ });
    await comments.getByLabel('Your comment').fill('She is right, and it is not close.');
    await comments.getByRole('button', { name: 'Post Comment' }).click();
    await expectToast(
      b,
      'Comment Posted Successfully',
      'Your comment has been added and is now visible to others.',
    );
    await expect(
      a.getByRole('region', { name: /Comments/ }).getByText('She is right, and it is not close.'),
    ).toBeVisible();

    expect(
      await a.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await b.context().close();
    await a.context().close();
  });
});
