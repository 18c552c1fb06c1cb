/**
 * Reports against the real server: a reader reports a comment and a story from the story screen,
 * and the admin finds both in the Reports tab, deletes the comment and dismisses the story's
 * report, each then listed as closed, and the reader's open bell tells them both outcomes.
 * The report dialog and the Reports tab are checked by axe at 390x844 and 1280x800, light and
 * dark (and pictured for docs/screenshots/ under `npm run screenshots`).
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { adminPage, openTab } from './support/admin.ts';
import { approvedStory, newAccount, postComment, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { itemWith } from './support/lists.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';
import { expectToast } from './support/toast.ts';

const SPAM = 'Cheap watches, today only, at watches.example.';

async function vote(api: APIRequestContext, storyId: string) {
  const voted = await api.post(`/api/stories/${storyId}/vote`, { data: { vote: 'she' } });
  expect(voted.status(), await voted.text()).toBe(200);
}

/** An approved story with a spam comment by Sky, and `page` signed in as a reader who voted. */
async function storyWithSpam(page: Page, clientIp: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const story = await approvedStory(
    clientIp,
    `He leaves the car on empty every time (${tag}). I say whoever drives it last fills it up.`,
    'money',
  );
  const spammer = await newAccount(clientIp, { firstName: 'Sky', lastName: 'Park' });
  await postComment(spammer.api, story.id, `${SPAM} (${tag})`);
  await spammer.api.dispose();
  await signUp(page.request, { firstName: 'Robin', lastName: 'Hale' });
  await vote(page.request, story.id);
  return { story, comment: `${SPAM} (${tag})` };
}

const commentWith = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: text });

async function report(page: Page, button: string, reason: string, note?: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByRole('radio', { name: reason }).click();
  if (note) await dialog.getByLabel('Note (optional)').fill(note);
  return dialog;
}

test('when a reader reports a comment and a story the admin deletes the one and dismisses the other', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const clientIp = clientIpFor(testInfo);
  const reader = await consentedPage(browser, clientIp);
  const { story, comment } = await storyWithSpam(reader, clientIp);

  await reader.goto(`/story/${story.id}`);
  const spam = commentWith(reader, comment);
  await spam.getByRole('button', { name: 'Report this comment' }).click();
  let dialog = reader.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByRole('radio', { name: 'Spam' }).click();
  await dialog.getByLabel('Note (optional)').fill('A shop link, not an opinion.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expectToast(reader, 'Report sent');
  await expect(dialog).toBeHidden();
  await expect(spam.getByRole('button', { name: 'Report this comment' })).toBeFocused();

  dialog = await report(reader, 'Report this story', 'Off-topic');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expectToast(reader, 'Report sent');

  const admin = await adminPage(browser, clientIp);
  await openTab(admin, 'Reports');
  const reported = await itemWith(admin, 'Open reports', comment);
  await expect(reported.getByText('A shop link, not an opinion.')).toBeVisible();
  await expect(reported.getByText('By Sky Park')).toBeVisible();
  await reported.getByRole('button', { name: 'Delete comment' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete this comment?' });
  await confirm.getByLabel('Reason (optional)').fill('Advertising');
  await confirm.getByRole('button', { name: 'Delete comment' }).click();
  await expectToast(admin, 'Success', 'Comment deleted; its reports are closed.');
  await expect(reported).toBeHidden();

  const storyReport = await itemWith(admin, 'Open reports', story.content);
  await storyReport.getByRole('button', { name: 'Dismiss' }).click();
  await admin
    .getByRole('dialog', { name: 'Dismiss these reports?' })
    .getByRole('button', { name: 'Dismiss reports' })
    .click();
  await expectToast(admin, 'Success', 'Reports dismissed.');

  await admin.getByRole('button', { name: 'Closed' }).click();
  await expect(
    (await itemWith(admin, 'Closed reports', story.content)).getByText('Dismissed'),
  ).toBeVisible();
  const deleted = admin
    .getByRole('list', { name: 'Closed reports' })
    .getByRole('article', { name: 'Comment reported 1 time' })
    .filter({ hasText: 'A shop link, not an opinion.' });
  await expect(deleted.getByText('Comment deleted')).toBeVisible();
  await expect(deleted.getByText('This comment is gone.')).toBeVisible();

  // The reader's bell heard both closings while the page was open (its live stream).
  const bell = reader
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 5_000 });
  await bell.click();
  const panel = reader.getByRole('dialog', { name: 'Notifications' });
  await expect(
    panel.getByText('Your report on a comment was reviewed: the comment was deleted.'),
  ).toBeVisible();
  await expect(
    panel.getByText('Your report on a story was reviewed: no action was needed.'),
  ).toBeVisible();
  await reader.keyboard.press('Escape');

  await reader.reload();
  await expect(reader.getByText(comment)).toBeHidden();
  await reader.context().close();
  await admin.context().close();
});

test(
  'when the report dialog and the Reports tab render at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const reader = await consentedPage(browser, clientIp);
    const { story, comment } = await storyWithSpam(reader, clientIp);
    await reader.goto(`/story/${story.id}`);
    await commentWith(reader, comment).getByRole('button', { name: 'Report this comment' }).click();
    const dialog = reader.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByRole('radio', { name: 'Harassment' }).click();
    await dialog.getByLabel('Note (optional)').fill('Insults the author in every reply.');
    await captureEverywhere(reader, 'report-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(reader, 'Report sent');
    await reader.context().close();

    const admin = await adminPage(browser, clientIp);
    await openTab(admin, 'Reports');
    const reported = await itemWith(admin, 'Open reports', comment);
    await admin.waitForLoadState('networkidle');
    await captureEverywhere(admin, 'reports-tab', {
      frame: () => reported.scrollIntoViewIfNeeded(),
    });
    await admin.context().close();
  },
);
