/**
 * The comments' order against the real server: Oldest (the default), Top and Newest, kept in the
 * URL across a reload. Captured into docs/screenshots/ at 390x844 and 1280x800, light and dark,
 * each checked by axe first.
 */
import type { Page } from '@playwright/test';

import { approvedStory, newAccount, postComment } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

/** A story with three comments, oldest first; upvotes put the second on top, then the third. */
async function storyWithRankedComments(clientIp: string) {
  const story = await approvedStory(
    clientIp,
    'She wants the dog on the bed. I say the bed is for people, and the dog has three beds of his own.',
    'lifestyle',
  );
  const commenter = await newAccount(clientIp);
  const texts = [
    'First in: the dog wins every time.',
    'Most liked: get a bigger bed.',
    'Newest: let the dog choose.',
  ];
  const ids: string[] = [];
  for (const text of texts) ids.push(await postComment(commenter.api, story.id, text));
  await commenter.api.dispose();
  for (const [commentId, votes] of [
    [ids[1]!, 2],
    [ids[2]!, 1],
  ] as const)
    for (let i = 0; i < votes; i += 1) {
      const voter = await newAccount(clientIp);
      await voter.api.post(`/api/comments/${commentId}/vote`, { data: { vote: 'up' } });
      await voter.api.dispose();
    }
  return { story, texts };
}

const shown = (page: Page) =>
  page
    .getByRole('list', { name: 'Comments' })
    .getByRole('listitem')
    .locator('p.text-sm.break-words');
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sort comments' }).getByRole('link', { name });

test('when a reader orders the comments by Top or Newest the order is kept in the URL across a reload', async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const clientIp = clientIpFor(testInfo);
  const { story, texts } = await storyWithRankedComments(clientIp);
  const [first, liked, newest] = texts as [string, string, string];
  const page = await consentedPage(browser, clientIp);
  await page.goto(`/story/${story.id}`);
  await expect(shown(page)).toHaveText([first, liked, newest]);
  await expect(tab(page, 'Oldest')).toHaveAttribute('aria-current', 'page');

  await tab(page, 'Top').click();
  await expect(page).toHaveURL(new RegExp(`/story/${story.id}\\?comments=top$`));
  await expect(shown(page)).toHaveText([liked, newest, first]);
  await page.reload();
  await expect(shown(page)).toHaveText([liked, newest, first]);
  await expect(tab(page, 'Top')).toHaveAttribute('aria-current', 'page');

  await tab(page, 'Newest').click();
  await expect(page).toHaveURL(/\?comments=newest$/);
  await expect(shown(page)).toHaveText([newest, liked, first]);
  await tab(page, 'Oldest').click();
  await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
  await expect(shown(page)).toHaveText([first, liked, newest]);
  await page.context().close();
});

test(
  'when the comment order renders at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const { story, texts } = await storyWithRankedComments(clientIp);
    const page = await consentedPage(browser, clientIp);
    await page.goto(`/story/${story.id}?comments=top`);
    await expect(shown(page).first()).toHaveText(texts[1]!);
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'story-comment-order', {
      frame: () => page.getByRole('region', { name: 'Comments' }).scrollIntoViewIfNeeded(),
    });
    await page.context().close();
  },
);
