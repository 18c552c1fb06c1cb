/**
 * Following a story against the real server: a member who voted follows the story from its card
 * (Follow, then Following, kept after a reload); others' comments reach their bell live, as one
 * notification naming the story by its first words; Unfollow in the bell takes the news away and
 * no more comes. A visitor's Follow asks them to sign in first and is made once they are in. The
 * story card (nothing sticks out at 320 px) and the bell's panel are checked by axe at 390 and
 * 1280 px, light and dark, and captured into docs/screenshots/ under `npm run screenshots`.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';

import {
  approvedStoryBy,
  newAccount,
  PASSWORD,
  postComment,
  signUp,
  uniqueEmail,
} from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';
import { expectToast } from './support/toast.ts';

/** The story's first words, cut between words, as notifications name it. */
const LABEL = 'He keeps the thermostat at 25 degrees all winter long and…';
const storyText = () =>
  `He keeps the thermostat at 25 degrees all winter long and says it is cheaper than a jumper. ` +
  `I say jumpers exist (${randomUUID().slice(0, 8)}).`;

const followButton = (page: Page) => page.getByRole('button', { name: /^Follow(ing)?$/ });
const bell = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });

/**
 * The answer to the next follow or unfollow of a story. The toggle turns at once; the call itself
 * waits its turn in the client limiter behind what the page asks for first.
 */
const followAnswer = (page: Page, method: 'PUT' | 'DELETE') =>
  page.waitForResponse((r) => r.url().endsWith('/follow') && r.request().method() === method);

/** A story by a fresh teller, and `page` signed in as Robin, who voted on it. */
async function votedStory(page: Page, clientIp: string) {
  const teller = await newAccount(clientIp, { firstName: 'Tess', lastName: 'Quill' });
  const story = await approvedStoryBy(teller.api, clientIp, storyText(), 'household');
  await teller.api.dispose();
  await signUp(page.request, { firstName: 'Robin', lastName: 'Hale' });
  const voted = await page.request.post(`/api/stories/${story.id}/vote`, { data: { vote: 'she' } });
  expect(voted.status(), await voted.text()).toBe(200);
  return story;
}

/** Comments on the story by a fresh member, from another browser. */
async function othersComment(clientIp: string, storyId: string, ...contents: string[]) {
  const other = await newAccount(clientIp, { firstName: 'Cleo', lastName: 'Stone' });
  for (const content of contents) await postComment(other.api, storyId, content);
  await other.api.dispose();
}

test('when a member follows a story, others commenting reach their bell naming it, until they unfollow from the bell', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const clientIp = clientIpFor(testInfo);
  const page = await consentedPage(browser, clientIp);
  const story = await votedStory(page, clientIp);

  await page.goto(`/story/${story.id}`);
  await expect(followButton(page)).toHaveAccessibleName('Follow');
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false');
  const followed = followAnswer(page, 'PUT');
  await followButton(page).click();
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(followButton(page)).toHaveAccessibleName('Following');
  expect((await followed).status()).toBe(200);
  await page.reload();
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // Two comments from another browser: one notification, counted live.
  await othersComment(clientIp, story.id, 'Jumpers it is.', 'Split the difference: 21.');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5_000 });
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const news = panel.getByRole('listitem').filter({ hasText: '2 new comments on' });
  await expect(news.getByRole('link')).toHaveText(
    new RegExp(`^Unread: 2 new comments on “${LABEL}”\\.`),
  );

  const unfollowed = followAnswer(page, 'DELETE');
  await news.getByRole('button', { name: 'Unfollow' }).click();
  expect((await unfollowed).status()).toBe(200);
  await expectToast(page, 'Story unfollowed');
  await expect(news).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeFocused();
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // No more news of it, and the story says so.
  await othersComment(clientIp, story.id, 'After the unfollow.');
  await page.reload();
  await expect(followButton(page)).toHaveAccessibleName('Follow');
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.context().close();
});

test('when a visitor taps Follow they sign in first, and the story is followed once they are in', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const clientIp = clientIpFor(testInfo);
  const teller = await newAccount(clientIp);
  const story = await approvedStoryBy(teller.api, clientIp, storyText(), 'household');
  await teller.api.dispose();
  const page = await consentedPage(browser, clientIp);
  await page.goto(`/story/${story.id}`);
  await expect(page.getByText(story.content)).toBeVisible();

  await followButton(page).click();
  const sheet = page.getByRole('dialog', { name: 'Sign in to follow' });
  await expect(sheet).toContainText('You follow the story as soon as you are in');
  await sheet.getByRole('button', { name: 'Sign up' }).click();
  await sheet.getByLabel('Email').fill(uniqueEmail('follower'));
  await sheet.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await sheet.getByLabel('First name').fill('Sam');
  const followed = followAnswer(page, 'PUT');
  await sheet.getByRole('button', { name: 'Create Account' }).click();
  await expect(sheet).toBeHidden();
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(followButton(page)).toHaveAccessibleName('Following');
  expect((await followed).status()).toBe(200);
  await page.reload();
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
  await page.context().close();
});

test(
  'when the followed story and its news render at 390 and 1280 px, light and dark, axe finds nothing, and nothing overflows at 320 px',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const clientIp = clientIpFor(testInfo);
    const page = await consentedPage(browser, clientIp);
    const story = await votedStory(page, clientIp);
    const followed = await page.request.put(`/api/stories/${story.id}/follow`);
    expect(followed.status(), await followed.text()).toBe(200);
    await othersComment(clientIp, story.id, 'Jumpers it is.', 'Split the difference: 21.');

    await page.goto(`/story/${story.id}`);
    await expect(followButton(page)).toHaveAccessibleName('Following');
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
    await captureEverywhere(page, 'story-follow');

    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'notifications-follow');
    await page.context().close();
  },
);
