/**
 * Edit & resubmit against the real server: the author answers a moderator's note on their
 * rejected story from My Stories, and the admin sees it back in the queue as Resubmitted, with
 * the previous text in its history. Captured into docs/screenshots/ at 390x844 and 1280x800,
 * light and dark, each checked by axe first.
 */
import type { Browser, Page } from '@playwright/test';

import { adminPage } from './support/admin.ts';
import { adminAccount, signUp, submitStory, uniqueEmail } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { itemWith } from './support/lists.ts';
import { consentedPage } from './support/pages.ts';
import { captureChecked, captureEverywhere, PICTURES } from './support/screenshots.ts';
import { expectToast } from './support/toast.ts';

const NOTE = 'Please add his side: what does he say about it?';

async function reject(page: Page, content: string) {
  const card = await itemWith(page, 'Pending stories', content);
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').fill(NOTE);
  await dialog.getByRole('button', { name: 'Reject story' }).click();
  await expectToast(page, 'Success', 'Story has been rejected.');
}

/** The author's browser on /profile, their story rejected with NOTE through the API. */
async function authorWithRejectedStory(browser: Browser, clientIp: string) {
  const page = await consentedPage(browser, clientIp);
  await signUp(page.request, { email: uniqueEmail('resubmit'), firstName: 'Robin' });
  const tag = Math.random().toString(36).slice(2, 8);
  const story = await submitStory(
    page.request,
    `He never does the dishes, and when I ask he says later (${tag}).`,
  );
  const admin = await adminAccount(clientIp);
  const rejected = await admin.api.patch(`/api/admin/stories/${story.id}`, {
    data: { status: 'rejected', reason: NOTE },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await admin.api.dispose();
  return { page, story };
}

async function openEditAndResubmit(page: Page, content: string) {
  await page.goto('/profile');
  const card = await itemWith(page, 'My stories', content);
  await expect(card.getByText(NOTE)).toBeVisible();
  await card.getByRole('button', { name: 'Edit & resubmit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit & resubmit' });
  await expect(dialog.getByRole('complementary', { name: "Moderator's note" })).toContainText(NOTE);
  await expect(dialog.getByLabel('Your story')).toHaveValue(content);
  return dialog;
}

test('when the author edits and resubmits a rejected story the admin sees it Resubmitted, its previous text, and approves it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const clientIp = clientIpFor(testInfo);
  const author = await consentedPage(browser, clientIp);
  await signUp(author.request, { email: uniqueEmail('resubmit'), firstName: 'Robin' });
  await author.goto('/');
  await author.getByRole('button', { name: 'Add new' }).click();
  const share = author.getByRole('dialog', { name: 'Share Your Story' });
  await share.getByRole('combobox', { name: 'Category' }).click();
  await author.getByRole('option', { name: 'Household Chores' }).click();
  const first = `He never does the dishes (${testInfo.testId.slice(0, 6)}).`;
  await share.getByLabel('Your story').fill(first);
  await share.getByRole('button', { name: 'Submit Story' }).click();
  await expectToast(author, 'Story Submitted!');

  const admin = await adminPage(browser, clientIp);
  await reject(admin, first);

  const dialog = await openEditAndResubmit(author, first);
  const edited = `${first.slice(0, -1)}; he says I never ask him, and he would if I did.`;
  await dialog.getByLabel('Your story').fill(edited);
  await dialog.getByRole('button', { name: 'Resubmit' }).click();
  await expectToast(author, 'Story resubmitted');
  await expect(dialog).toBeHidden();
  const mine = await itemWith(author, 'My stories', edited);
  await expect(mine.getByText('pending')).toBeVisible();
  await expect(mine.getByText(NOTE)).toBeHidden();
  await expect(mine.getByRole('button', { name: 'Edit & resubmit' })).toBeHidden();

  await admin.reload();
  const queued = await itemWith(admin, 'Pending stories', edited);
  await expect(queued.getByText('Resubmitted')).toBeVisible();
  await queued.getByRole('button', { name: 'Previous version' }).click();
  const sheet = admin.getByRole('dialog', { name: 'Story history' });
  await expect(sheet.getByText('Resubmitted by Robin')).toBeVisible();
  await expect(sheet.getByText(first, { exact: true })).toBeVisible();
  await expect(sheet.getByText(NOTE)).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await queued.getByRole('button', { name: 'Approve' }).click();
  await expectToast(admin, 'Success', 'Story has been approved.');

  await author.reload();
  await expect((await itemWith(author, 'My stories', edited)).getByText('approved')).toBeVisible();
  await author.context().close();
  await admin.context().close();
});

test(
  'when Edit & resubmit and the queue render at each size, light and dark, nothing overflows at 320 px and axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const { page, story } = await authorWithRejectedStory(browser, clientIp);
    const dialog = await openEditAndResubmit(page, story.content);
    await captureEverywhere(page, 'resubmit-dialog');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 320, height: 640 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await captureChecked(page, 'resubmit-dialog-small-light');
    await dialog.getByLabel('Your story').fill(`${story.content} He says I never ask.`);
    await dialog.getByRole('button', { name: 'Resubmit' }).click();
    await expectToast(page, 'Story resubmitted');
    await page.context().close();

    const admin = await adminPage(browser, clientIp);
    const queued = await itemWith(admin, 'Pending stories', story.content);
    await expect(queued.getByText('Resubmitted')).toBeVisible();
    await admin.waitForLoadState('networkidle');
    await captureEverywhere(admin, 'resubmit-queue', {
      frame: () => queued.scrollIntoViewIfNeeded(),
    });
    await admin.context().close();
  },
);
