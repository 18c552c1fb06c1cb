/**
 * Automod against the real server: the admin tries a hold rule, sees what it would have matched,
 * and adds it; a member's comment with the rule's word reads "Awaiting review" to them alone; the
 * admin approves it from Held comments and then everyone reads it. Captured into docs/screenshots/
 * at 390x844 and 1280x800, light and dark, each checked by axe first.
 */
import type { Page } from '@playwright/test';

import { adminPage, openTab } from './support/admin.ts';
import { approvedStory, newAccount, postComment, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';
import { expectToast } from './support/toast.ts';

/** A word no other journey writes, so the rule holds only this journey's comments. */
const freshWord = () => `zorb${Math.random().toString(36).slice(2, 8)}`;

/** Fills the Add rule form with a comment rule that holds `word`, and tries it. */
async function tryHoldRule(admin: Page, name: string, word: string) {
  await openTab(admin, 'Automod');
  await admin.getByRole('button', { name: 'Add rule' }).click();
  const form = admin.getByRole('form', { name: 'Add rule' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Phrases').fill(`${word}\nnever ${word} again`);
  await form.getByRole('radio', { name: 'Comments' }).click();
  await form.getByRole('radio', { name: 'Hold it for review' }).click();
  await form.getByRole('button', { name: 'Try it' }).click();
  await expect(
    form.getByText(
      /^This rule would have matched \d+ stor(y|ies) and \d+ comments? in the last 30 days\.$/,
    ),
  ).toBeVisible({ timeout: 15_000 });
  return form;
}

test('when an admin adds a hold rule a matching comment waits for approval, then shows', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const clientIp = clientIpFor(testInfo);
  const word = freshWord();
  const story = await approvedStory(
    clientIp,
    `My flatmate eats my leftovers every single week (${word.slice(4)}). I think labels are enough.`,
    'money',
  );
  const earlier = await newAccount(clientIp, { firstName: 'Lee', lastName: 'Wu' });
  await postComment(earlier.api, story.id, `Honestly ${word} behaviour from the flatmate.`);
  await earlier.api.dispose();

  const admin = await adminPage(browser, clientIp);
  const form = await tryHoldRule(admin, `Hold ${word}`, word);
  await expect(
    form.getByText('This rule would have matched 0 stories and 1 comment in the last 30 days.'),
  ).toBeVisible();
  await expect(
    form.getByRole('list', { name: 'Examples' }).getByText(`Honestly ${word} behaviour`, {
      exact: false,
    }),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expectToast(admin, 'Success', `Rule "Hold ${word}" added.`);
  await expect(admin.getByRole('article', { name: `Rule Hold ${word}` })).toBeVisible();

  const member = await consentedPage(browser, clientIp);
  await signUp(member.request, { firstName: 'Kim', lastName: 'Ode' });
  // A member comments once they have voted.
  const voted = await member.request.post(`/api/stories/${story.id}/vote`, {
    data: { vote: 'she' },
  });
  expect(voted.status(), await voted.text()).toBe(200);
  await member.goto(`/story/${story.id}`);
  const comments = member.getByRole('region', { name: /Comments/ });
  const text = `Labels never work, ${word} every time.`;
  await comments.getByRole('textbox').fill(text);
  await comments.getByRole('button', { name: /Post/ }).click();
  const mine = comments.getByRole('listitem').filter({ hasText: text });
  await expect(mine.getByText('Awaiting review')).toBeVisible();

  const reader = await consentedPage(browser, clientIp);
  await reader.goto(`/story/${story.id}`);
  await expect(reader.getByRole('region', { name: /Comments/ })).toBeVisible();
  await expect(reader.getByText(text)).toBeHidden();

  await admin.reload();
  await openTab(admin, 'Automod');
  const held = admin.getByRole('article', { name: /^Held comment by / }).filter({
    hasText: text,
  });
  await expect(held.getByText(`rule: Hold ${word}`)).toBeVisible();
  await held.getByRole('button', { name: 'Approve' }).click();
  await expectToast(admin, 'Success', 'Comment approved; everyone can read it now.');
  await expect(held).toBeHidden();

  await reader.reload();
  await expect(reader.getByText(text)).toBeVisible();
  await member.reload();
  const approved = member.getByRole('listitem').filter({ hasText: text });
  await expect(approved).toBeVisible();
  await expect(approved.getByText('Awaiting review')).toBeHidden();
  for (const page of [admin, member, reader]) await page.context().close();
});

test(
  'when the Automod tab renders at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const word = freshWord();
    const admin = await adminPage(browser, clientIp);
    const form = await tryHoldRule(admin, `Hold ${word}`, word);
    await admin.waitForLoadState('networkidle');
    await captureEverywhere(admin, 'automod', {
      frame: () => form.getByRole('button', { name: 'Try it' }).scrollIntoViewIfNeeded(),
    });
    await admin.context().close();
  },
);
