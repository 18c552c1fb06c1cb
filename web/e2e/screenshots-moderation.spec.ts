/**
 * The screens the moderation work changed, checked by axe at 390x844 and 1280x800, light and dark
 * (and pictured for docs/screenshots/ under `npm run screenshots`): the admin panel's Users tab (its filter,
 * a banned member's ban date and reason beside Unban, the admin's own row without Ban or
 * Demote), its Flagged comments tab (Keep beside Delete, the story excerpt a link), the Promote
 * confirmation with its optional reason, and on the story screen a member's delete confirmation
 * of their own comment and a comment waiting for the connection.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';

import { adminPage, openTab } from './support/admin.ts';
import {
  adminAccount,
  approvedStory,
  ban,
  flagComment,
  newAccount,
  postComment,
  signUp,
  uniqueEmail,
} from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { itemWith } from './support/lists.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

type Viewport = keyof typeof VIEWPORTS;

/**
 * Scrolls `target` to just below the sticky header (its frosted glass would blur what is under
 * it), or the page to its top when there is none.
 */
async function frame(page: Page, target: Locator | undefined) {
  if (!target) {
    await page.evaluate(() => window.scrollTo(0, 0));
    return;
  }
  const header = (await page.getByRole('banner').boundingBox())?.height ?? 0;
  await target.evaluate(
    (element, top) => window.scrollBy(0, element.getBoundingClientRect().top - top),
    header + 16,
  );
}

/**
 * Checks the screen as it stands at each size and scheme (captureEverywhere), after checking that
 * nothing is wider than the window; with `frames`, scrolled to that size's target first.
 */
async function captureSizes(
  page: Page,
  screen: string,
  frames?: Partial<Record<Viewport, Locator>>,
) {
  await captureEverywhere(page, screen, {
    frame: async ({ name }) => {
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${screen} at ${name} is wider than the window`,
      ).toBeLessThanOrEqual(0);
      if (frames) await frame(page, frames[name as Viewport]);
    },
  });
}

/** The members the Users tab shows start with "Ada": one search lists them beside Ada Admin. */
const SEARCH = 'ada';
const FLAGGED = 'Honestly you both sound exhausting. Buy a second duvet and stop posting about it.';
const MINE = 'Same in our flat. We settled it with a rota on the fridge.';
const OFFLINE = 'Written on the train, posted once the signal is back.';

interface Scene {
  memberStory: string;
  memberEmail: string;
}

/** The stories, members, ban and flagged comment both colour schemes show. */
async function arrange(testInfo: TestInfo): Promise<Scene> {
  const storiesIp = clientIpFor(testInfo);
  const flagged = await approvedStory(
    storiesIp,
    'He sleeps with the window open all year. I wake up at 4 a.m. frozen under one thin blanket. We have tried everything but a second bedroom.',
    'household',
  );
  const theirs = await approvedStory(
    storiesIp,
    'She wants the dishwasher run every night, half empty or not. I wait until it is full. The argument now takes longer than the dishes.',
    'household',
  );

  const peopleIp = clientIpFor(testInfo);
  const admin = await adminAccount(peopleIp);
  const banned = await newAccount(peopleIp, { firstName: 'Adaline', lastName: 'Brooks' });
  await ban(admin.api, banned, 'Posted the same shop link under every story.');
  const member = await newAccount(peopleIp, { firstName: 'Adam', lastName: 'Price' });
  await postComment(member.api, theirs.id, 'A full machine saves water. He is right on this one.');
  const mine = await newAccount(peopleIp, {
    email: uniqueEmail('shots'),
    firstName: 'Noor',
    lastName: 'Haddad',
  });
  expect(
    (await mine.api.post(`/api/stories/${theirs.id}/vote`, { data: { vote: 'he' } })).status(),
  ).toBe(200);
  await postComment(mine.api, theirs.id, MINE);
  const commenter = await newAccount(peopleIp, { firstName: 'Quinn', lastName: 'Harper' });
  await flagComment(clientIpFor(testInfo), await postComment(commenter.api, flagged.id, FLAGGED));

  for (const account of [admin, banned, member, mine, commenter]) await account.api.dispose();
  return { memberStory: theirs.id, memberEmail: mine.email };
}

async function adminScreens(page: Page) {
  await openTab(page, 'User Management');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(SEARCH);
  const users = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  // Newest first: the two members, then the admin.
  await expect(users).toHaveCount(3);
  const bannedRow = users.filter({ hasText: 'Adaline' });
  await expect(
    bannedRow.getByText(/^Banned on .+\. Reason: Posted the same shop link/),
  ).toBeVisible();
  await expect(bannedRow.getByRole('button', { name: 'Unban' })).toBeVisible();
  const ownRow = users.filter({ hasText: 'Ada Admin' });
  await expect(ownRow.getByText('You', { exact: true })).toBeVisible();
  // Nothing to do to oneself: the only button reads one's own record.
  await expect(ownRow.getByRole('button')).toHaveCount(1);
  await expect(ownRow.getByRole('button', { name: 'History of Ada Admin' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Show users' })).toBeVisible();
  // A phone shows the rows whole: the e-mail is not cut short to make room for the buttons.
  await page.setViewportSize(VIEWPORTS.phone);
  for (const email of await users.getByText(/@e2e\.test$/).all())
    expect(await email.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await captureSizes(page, 'admin-users', {
    desktop: page.getByRole('tablist'),
    phone: page.getByRole('searchbox', { name: 'Search users' }),
  });

  await users.filter({ hasText: 'Adam Price' }).getByRole('button', { name: 'Promote' }).click();
  const promote = page.getByRole('dialog', { name: 'Promote Adam Price?' });
  await promote.getByLabel('Reason (optional)').fill('Answers new members kindly in every thread.');
  await captureSizes(page, 'promote-confirm');
  await promote.getByRole('button', { name: 'Cancel' }).click();
  await expect(promote).toBeHidden();

  await openTab(page, 'Flagged Comments (High Downvotes)');
  const flagged = await itemWith(page, 'Flagged comments', FLAGGED);
  await expect(flagged.getByRole('button', { name: 'Keep' })).toBeVisible();
  await expect(flagged.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(
    flagged.getByRole('link', { name: /^He sleeps with the window open/ }),
  ).toBeVisible();
  await captureSizes(page, 'admin-flagged', { phone: page.getByRole('tablist') });
}

async function memberScreens(page: Page, scene: Scene) {
  await page.goto(`/story/${scene.memberStory}`);
  const comments = page.getByRole('region', { name: /Comments/ });
  await comments
    .getByRole('listitem')
    .filter({ hasText: MINE })
    .getByRole('button', { name: 'Delete comment' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this comment?' });
  await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await captureSizes(page, 'comment-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await page.context().setOffline(true);
  await comments.getByLabel('Your comment').fill(OFFLINE);
  await comments.getByRole('button', { name: 'Post Comment' }).click();
  await expect(comments.getByRole('status')).toHaveText(
    "You're offline. Your comment will be posted when you're back online.",
  );
  await captureSizes(page, 'comment-offline');
  // Cancelled before the connection returns: nothing is posted, the next scheme sees the same.
  await comments.getByRole('button', { name: 'Cancel' }).click();
  await expect(comments.getByRole('status')).toHaveCount(0);
}

test(
  'when the moderation screens render at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const scene = await arrange(testInfo);
    const admin = await adminPage(browser, clientIpFor(testInfo));
    await adminScreens(admin);
    await admin.context().close();

    const member = await consentedPage(browser, clientIpFor(testInfo));
    await signUp(member.request, { email: scene.memberEmail });
    await memberScreens(member, scene);
    await member.context().close();
  },
);
