/**
 * Replies, the story's author in the thread, and editing, against the real server: a member
 * replies from the Reply button (the box says whom it answers), the story's author answers as
 * "Author" with no name, and the member edits their reply from its menu (Cancel, then Save, then
 * "(edited ...)"). The thread is checked by axe at 320, 390 and 1280 px, light and dark, with no
 * sideways overflow at 320 px, and captured into docs/screenshots/ at 390x844 and 1280x800.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { approvedStoryBy, newAccount, postComment, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES, SHOT_VIEWPORTS } from './support/screenshots.ts';
import { expectToast } from './support/toast.ts';

async function reply(api: APIRequestContext, storyId: string, parentId: string, content: string) {
  const response = await api.post(`/api/stories/${storyId}/comments`, {
    data: { content, parentId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A story by Tess with a comment by Cleo, and `page` signed in as Robin, who voted on it. Tess is
 * kept signed in, to answer in the thread as the story's author.
 */
async function storyWithThread(page: Page, clientIp: string) {
  const teller = await newAccount(clientIp, { firstName: 'Tess', lastName: 'Quill' });
  const story = await approvedStoryBy(
    teller.api,
    clientIp,
    'He said the anniversary dinner was my idea, so I should pay. I say anniversaries are shared.',
    'money',
  );
  const cleo = await newAccount(clientIp, { firstName: 'Cleo', lastName: 'Stone' });
  const cleoComment = await postComment(
    cleo.api,
    story.id,
    'Whoever booked it pays. That is the rule.',
  );
  await cleo.api.dispose();
  await signUp(page.request, { firstName: 'Robin', lastName: 'Hale' });
  const voted = await page.request.post(`/api/stories/${story.id}/vote`, { data: { vote: 'she' } });
  expect(voted.status(), await voted.text()).toBe(200);
  return { story, teller, cleoComment };
}

const comments = (page: Page) => page.getByRole('list', { name: 'Comments' });

test('when a member replies, the author answers and the member edits, the thread shows it all', async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const clientIp = clientIpFor(testInfo);
  const page = await consentedPage(browser, clientIp);
  const { story, teller, cleoComment } = await storyWithThread(page, clientIp);

  await page.goto(`/story/${story.id}`);
  const replyButton = comments(page).getByRole('button', { name: 'Reply to Cleo_S' });
  await replyButton.click();
  await expect(replyButton).toHaveAttribute('aria-expanded', 'true');
  const box = page.getByRole('textbox', { name: 'Reply to Cleo_S' });
  await expect(box).toBeFocused();
  await box.fill('It was a shared anniversary, so a shared bill.');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expectToast(page, 'Comment Posted Successfully');
  const replies = page.getByRole('list', { name: 'Replies to Cleo_S' });
  await expect(replies.getByText('It was a shared anniversary, so a shared bill.')).toBeVisible();

  // The story's author answers Cleo: shown as Author, never by name.
  await reply(teller.api, story.id, cleoComment, 'UPDATE: he paid, and apologised.');
  await teller.api.dispose();
  await page.reload();
  const byAuthor = replies.getByRole('listitem').filter({ hasText: 'UPDATE: he paid' });
  await expect(byAuthor.getByTitle('Wrote this story')).toHaveText('Author');
  await expect(comments(page).getByText('Tess')).toHaveCount(0);

  // Robin edits their reply: Cancel keeps it, Save changes it and marks it edited.
  const own = replies.getByRole('listitem').filter({ hasText: 'shared anniversary' });
  await own.getByRole('button', { name: 'Comment actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('textbox', { name: 'Edit your comment' });
  await expect(edit).toHaveValue('It was a shared anniversary, so a shared bill.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);
  await own.getByRole('button', { name: 'Comment actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await edit.fill('A shared anniversary means a shared bill, booking or not.');
  // The edit's Save, not the story card's Save toggle.
  await own.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Comment updated');
  const edited = replies.getByRole('listitem').filter({ hasText: 'booking or not' });
  await expect(edited.getByText(/\(edited/)).toBeVisible();
  await page.reload();
  await expect(edited.getByText(/\(edited/)).toBeVisible();
  await page.context().close();
});

test(
  'when the thread renders at 320, 390 and 1280 px, light and dark, axe finds nothing and nothing overflows',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const page = await consentedPage(browser, clientIp);
    const { story, teller, cleoComment } = await storyWithThread(page, clientIp);
    const robin = await reply(page.request, story.id, cleoComment, 'Shared day, shared bill.');
    const deeper = await reply(
      teller.api,
      story.id,
      robin,
      'Agreed, and he agreed too in the end.',
    );
    await reply(page.request, story.id, deeper, 'Glad it worked out for you both.');
    await teller.api.dispose();

    await page.goto(`/story/${story.id}`);
    await expect(comments(page).getByText('replying to Author')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.setViewportSize({ width: 320, height: 640 });
    // Named by what sticks out past the viewport's right edge, so a failure says where.
    const overflowing = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 40)}`);
    });
    expect(overflowing).toEqual([]);
    await captureEverywhere(page, 'story-replies', {
      sizes: [{ name: 'narrow', width: 320, height: 640 }, ...SHOT_VIEWPORTS],
      frame: () => comments(page).scrollIntoViewIfNeeded(),
    });
    await page.context().close();
  },
);
