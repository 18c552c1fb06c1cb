/**
 * Notifications against the real server: an author's bell counts what happened to their story (a
 * rejection with the moderator's note, then its approval), the panel lists it newest first and
 * opens the story, and Mark all read empties the count. The count rises live, without a reload
 * and without waiting for the 15-second poll (GET /api/notifications/live). Captured into docs/screenshots/ at 390x844
 * and 1280x800, light and dark, each checked by axe first (the panel open).
 */
import type { Page } from '@playwright/test';

import {
  adminAccount,
  moderate,
  newAccount,
  postComment,
  signUp,
  submitStory,
} from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

const bell = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });

/** A story `page`'s member wrote, rejected with a note and then approved by the admin. */
async function storyWithNews(page: Page, clientIp: string) {
  await signUp(page.request, { firstName: 'Robin', lastName: 'Hale' });
  const story = await submitStory(
    page.request,
    'He turns the heating off when I leave the room. I say a warm house is worth the bill.',
    'household',
  );
  const admin = await adminAccount(clientIp);
  const rejected = await admin.api.patch(`/api/admin/stories/${story.id}`, {
    data: { status: 'rejected', reason: 'Please add his side.' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  return { story, admin };
}

test('when a moderator decides on a story its author hears of it in the bell, opens it and reads all', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const clientIp = clientIpFor(testInfo);
  const page = await consentedPage(browser, clientIp);
  const { story, admin } = await storyWithNews(page, clientIp);
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // The approval reaches the open page by itself (the bell's live stream).
  await moderate(admin.api, story.id);
  await admin.api.dispose();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 5_000 });

  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const items = panel.getByRole('list').getByRole('link');
  await expect(items).toHaveText([
    /^Unread: Your story was approved and is live\./,
    /^Unread: Your story was rejected: Please add his side\./,
  ]);
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  await bell(page).click();
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(items).toHaveText([/^Your story was approved/, /^Your story was rejected/]);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.context().close();
});

test("when a member's story is approved and commented on, their open bell's count rises within seconds, without a reload", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const clientIp = clientIpFor(testInfo);
  const page = await consentedPage(browser, clientIp);
  await signUp(page.request, { firstName: 'Sam', lastName: 'Hale' });
  const live = page.waitForResponse((r) => r.url().endsWith('/api/notifications/live'));
  await page.goto('/');
  expect((await live).status()).toBe(200);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });

  // Submitted after the bell opened; the admin decides from another browser.
  const story = await submitStory(
    page.request,
    'She keeps the car seat all the way back. I say the driver sets it, every time.',
    'other',
  );
  const admin = await adminAccount(clientIp);
  await moderate(admin.api, story.id);
  await admin.api.dispose();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5_000 });

  const commenter = await newAccount(clientIp);
  await postComment(commenter.api, story.id, 'Whoever drives last should put it back.');
  await commenter.api.dispose();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 5_000 });
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await page.context().close();
});

test(
  'when the notifications panel opens at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const page = await consentedPage(browser, clientIp);
    const { story, admin } = await storyWithNews(page, clientIp);
    await moderate(admin.api, story.id);
    await admin.api.dispose();
    await page.goto('/');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await bell(page).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'notifications');
    await page.context().close();
  },
);
