/** /profile against the real server: a member's own page. */
import { fileURLToPath } from 'node:url';
import { axe } from './support/axe.ts';
import type { Browser } from '@playwright/test';

import {
  adminAccount,
  moderate,
  newAccount,
  signUp,
  submitStory,
  uniqueEmail,
} from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { expectToast } from './support/toast.ts';

const outDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** A member with an approved story (commented), a rejected one with a reason, and a pending one. */
async function memberWithHistory(
  browser: Browser,
  clientIp: string,
  colorScheme?: 'light' | 'dark',
) {
  const page = await consentedPage(browser, clientIp, colorScheme ? { colorScheme } : {});
  const email = uniqueEmail('profile');
  await signUp(page.request, { email, firstName: 'Robin', lastName: 'Hale' });
  const admin = await adminAccount(clientIp);
  const approved = await submitStory(
    page.request,
    'He leaves the lights on in every room. Who is right?',
  );
  const rejected = await submitStory(page.request, 'She named our cat after her ex. Who is right?');
  await submitStory(page.request, 'He wants to drive, I want to take the train. Who is right?');
  await moderate(admin.api, approved.id);
  const reject = await admin.api.patch(`/api/admin/stories/${rejected.id}`, {
    data: { status: 'rejected', reason: 'Please leave out names of real people.' },
  });
  expect(reject.status()).toBe(200);
  const comment = await page.request.post(`/api/stories/${approved.id}/comments`, {
    data: { content: 'Honestly, I switch them off behind him all day.' },
  });
  expect(comment.status()).toBe(201);
  await admin.api.dispose();
  return { page, email, approved };
}

test.describe('profile', () => {
  test('when a visitor opens /profile it asks to log in and goes to /login after a second', async ({
    page,
  }) => {
    await page.goto('/profile');
    await expectToast(page, 'Login Required', 'Please log in to view your profile.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('when a member opens their profile they see counters, both tabs, edit it, delete a story and log out', async ({
    browser,
  }, testInfo) => {
    const clientIp = clientIpFor(testInfo);
    const { page, email } = await memberWithHistory(browser, clientIp);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Robin Hale', level: 1 })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(/^Member since /)).toBeVisible();
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expectToast(page, 'Verification email sent', 'We have sent you a new verification link.');
    const counter = (label: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await expect(counter('Stories Submitted')).toHaveText('3');
    await expect(counter('Comments Posted')).toHaveText('1');
    await expect(counter('Votes Given')).toHaveText('0');

    const stories = page.getByRole('list', { name: 'My stories' });
    await expect(stories.getByRole('listitem')).toHaveCount(3);
    await expect(stories.getByText('Please leave out names of real people.')).toBeVisible();
    await expect(stories.getByText('rejected', { exact: true })).toBeVisible();
    await expect(stories.getByText('pending', { exact: true })).toBeVisible();

    // A taken username is explained in the dialog; a free one updates the header.
    const other = await newAccount(clientIp);
    const taken = `taken_${Date.now().toString(36)}`;
    expect(
      (await other.api.patch('/api/users/profile', { data: { username: taken } })).status(),
    ).toBe(200);
    await other.api.dispose();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Username').fill(taken);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByRole('alert')).toContainText('taken');
    const mine = `robin_${Date.now().toString(36)}`;
    await page.getByLabel('Username').fill(`  ${mine}  `);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectToast(page, 'Profile Updated');
    await expect(page.getByRole('heading', { name: mine, level: 1 })).toBeVisible();

    // Delete the pending story, after confirming.
    const pending = stories.getByRole('listitem').filter({ hasText: 'take the train' });
    await pending.getByRole('button', { name: 'Delete story' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Story deleted');
    await expect(stories.getByRole('listitem')).toHaveCount(2);
    await expect(counter('Stories Submitted')).toHaveText('2');

    await page.getByRole('tab', { name: 'My Comments' }).click();
    const comments = page.getByRole('list', { name: 'My comments' });
    await expect(comments.getByText('I switch them off behind him')).toBeVisible();
    await expect(comments.getByText(/^He leaves the lights on/)).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  for (const colorScheme of ['light', 'dark'] as const)
    test(`when the profile renders in ${colorScheme} mode axe finds nothing, from 320 px to desktop`, async ({
      browser,
    }, testInfo) => {
      const { page } = await memberWithHistory(browser, clientIpFor(testInfo), colorScheme);
      for (const viewport of [
        { name: 'small', width: 320, height: 640 },
        { name: 'phone', width: 390, height: 844 },
        { name: 'desktop', width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/profile');
        await expect(
          page.getByRole('list', { name: 'My stories' }).getByRole('listitem'),
        ).toHaveCount(3);
        await page.screenshot({
          path: `${outDir}profile-${viewport.name}-${colorScheme}.png`,
          fullPage: true,
        });
        // Nothing sticks out sideways, down to 320 px.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        const results = await axe(page).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      }
    });
});
