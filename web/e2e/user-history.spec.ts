/**
 * A member's history sheet against the real server: the admin rejects one of a member's stories
 * and hides another (each with a reason), bans them from the Users tab with a reason, opens their
 * history there and finds each decision with its counts, then adds a private note and sees it
 * with their name. Captured into docs/screenshots/ at 390x844 and 1280x800, light and dark, each
 * checked by axe first.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { adminPage, openTab } from './support/admin.ts';
import { adminAccount, ban, newAccount, submitStory, type Account } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { itemWith } from './support/lists.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';
import { expectToast } from './support/toast.ts';

const NOTE = 'Second account suspected: same wording as a banned one.';

async function moderate(
  admin: APIRequestContext,
  storyId: string,
  status: string,
  reason?: string,
) {
  const response = await admin.patch(`/api/admin/stories/${storyId}`, {
    data: reason ? { status, reason } : { status },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Casey Quinn, with one story rejected and one hidden by the admin, each with a reason. */
async function moderatedMember(
  clientIp: string,
): Promise<Account & { id: string; admin: Account }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const member = await newAccount(clientIp, { firstName: 'Casey', lastName: 'Quinn' });
  const { id } = (await (await member.api.get('/api/auth/user')).json()) as { id: string };
  const admin = await adminAccount(clientIp);
  const rejected = await submitStory(
    member.api,
    `My neighbour Tom at number 12 never mows his lawn (${tag}). Who is right?`,
  );
  await moderate(admin.api, rejected.id, 'rejected', 'Names a real person');
  const hidden = await submitStory(
    member.api,
    `She says the dog sleeps on the sofa, I say the floor (${tag}). Who is right?`,
  );
  await moderate(admin.api, hidden.id, 'approved');
  await moderate(admin.api, hidden.id, 'hidden', 'Copied from another site');
  return { ...member, id, admin };
}

/** The Users tab filtered to the member, and their row. */
async function memberRow(page: Page, email: string) {
  await openTab(page, 'User Management');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
  return itemWith(page, 'Users', email);
}

test('when an admin bans a member and opens their history it shows every decision, and a note can be added', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const clientIp = clientIpFor(testInfo);
  const member = await moderatedMember(clientIp);
  await member.admin.api.dispose();

  const page = await adminPage(browser, clientIp);
  const row = await memberRow(page, member.email);
  await row.getByRole('button', { name: 'Ban User' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ban Casey Quinn?' });
  await confirm.getByLabel('Reason (optional)').fill('Insults in every comment.');
  await confirm.getByRole('button', { name: 'Ban user' }).click();
  await expectToast(page, 'Success', 'User has been banned from the platform.');

  await row.getByRole('button', { name: 'History of Casey Quinn' }).click();
  const sheet = page.getByRole('dialog', { name: 'Casey Quinn' });
  await expect(sheet.getByRole('heading', { name: 'Casey Quinn' })).toBeFocused();
  const timeline = sheet.getByRole('list').first();
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  const first = timeline.getByRole('listitem').first();
  await expect(first).toContainText('Banned by Ada Admin');
  await expect(first).toContainText('Insults in every comment.');
  await expect(timeline).toContainText('Story hidden by Ada Admin');
  await expect(timeline).toContainText('Copied from another site');
  await expect(timeline).toContainText('Story rejected by Ada Admin');
  await expect(timeline).toContainText('Names a real person');
  const counts = sheet.locator('dl');
  for (const label of ['Stories rejected', 'Stories hidden', 'Bans'])
    await expect(counts.locator('div').filter({ hasText: label }).locator('dd')).toHaveText('1');
  await expect(counts.locator('div').filter({ hasText: 'Notes' }).locator('dd')).toHaveText('0');

  const box = sheet.getByRole('textbox', { name: 'Add a private note' });
  const add = sheet.getByRole('button', { name: 'Add note' });
  await expect(add).toBeDisabled();
  await box.fill(NOTE);
  await expect(sheet.getByText(`${NOTE.length} / 1000`)).toBeVisible();
  await add.click();
  await expectToast(page, 'Success', 'Note added.');
  const note = sheet.getByRole('list', { name: 'Notes' }).getByRole('listitem').first();
  await expect(note).toContainText(NOTE);
  await expect(note).toContainText('Ada Admin');
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(counts.locator('div').filter({ hasText: 'Notes' }).locator('dd')).toHaveText('1');

  // Fresh from the server, the note is still there.
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  const reopen = row.getByRole('button', { name: 'History of Casey Quinn' });
  await expect(reopen).toBeFocused();
  await reopen.click();
  await expect(sheet.getByRole('list', { name: 'Notes' })).toContainText(NOTE);
  await page.context().close();
});

test(
  "when a member's history renders at each size, light and dark, axe finds nothing",
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const member = await moderatedMember(clientIp);
    await ban(member.admin.api, member, 'Insults in every comment.');
    const noted = await member.admin.api.post(`/api/admin/users/${member.id}/notes`, {
      data: { text: NOTE },
    });
    expect(noted.status(), await noted.text()).toBe(201);
    await member.admin.api.dispose();

    const page = await adminPage(browser, clientIp);
    const row = await memberRow(page, member.email);
    await row.getByRole('button', { name: 'History of Casey Quinn' }).click();
    const sheet = page.getByRole('dialog', { name: 'Casey Quinn' });
    await expect(sheet.getByRole('list', { name: 'Notes' })).toContainText(NOTE);
    await expect(sheet.getByText('Banned by Ada Admin')).toBeVisible();
    await captureEverywhere(page, 'user-history');
    await page.context().close();
  },
);
