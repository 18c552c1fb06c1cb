/**
 * Notification settings and the daily digest against the real server: a member turns the digest
 * on in the profile, the day's digest (`npm run digest`) mails their news to the outbox with the
 * one-click unsubscribe headers, the mail's link opens a page that changes nothing until asked,
 * and confirming turns the digest off, as the profile then shows. Captured into docs/screenshots/
 * at 390x844 and 1280x800, light and dark, each checked by axe first (the profile's Notifications
 * card, the unsubscribe page).
 */
import type { Page } from '@playwright/test';

import { adminAccount, moderate, signUp, submitStory } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { digestMailFor, runDigest, verificationLinkFor } from './support/outbox.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

const digestSwitch = (page: Page) => page.getByRole('switch', { name: 'Daily e-mail digest' });

/** A member of `page` with a verified address and an approved story: one notification. */
async function verifiedAuthor(page: Page, clientIp: string): Promise<string> {
  const email = await signUp(page.request, { firstName: 'Robin', lastName: 'Hale' });
  const token = new URL(await verificationLinkFor(email)).searchParams.get('token');
  const verified = await page.request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  const story = await submitStory(
    page.request,
    'She leaves the dishes to soak overnight. I say they should be washed at once.',
    'household',
  );
  const admin = await adminAccount(clientIp);
  await moderate(admin.api, story.id);
  await admin.api.dispose();
  return email;
}

test('a member turns the digest on, gets it by mail and turns it off from its link', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const clientIp = clientIpFor(testInfo);
  const page = await consentedPage(browser, clientIp);
  const email = await verifiedAuthor(page, clientIp);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Notifications' });
  await expect(digestSwitch(page)).not.toBeChecked();
  await expect(card.getByRole('switch', { name: 'Story approved' })).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/users/notification-settings') && r.request().method() === 'PATCH',
  );
  await digestSwitch(page).click();
  expect((await saved).status()).toBe(200);
  await expect(digestSwitch(page)).toBeChecked();

  expect(runDigest()).toContain('1 digest mailed.');
  const mail = await digestMailFor(email);
  expect(mail.subject).toBe("Who's Right: 1 new notification");
  expect(mail.text).toContain('Your story was approved and is live.');
  expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  expect(mail.headers.get('list-unsubscribe')).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=.+>$/,
  );
  // The day's job run again finds nothing new.
  expect(runDigest()).toContain('0 digests mailed.');

  const link = mail.links.find((l) => l.includes('/unsubscribe?token='));
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Stop the daily digest?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeFocused();
  await expect(page.getByText('You will no longer receive the daily digest.')).toBeVisible();

  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/profile#notification-settings$/);
  await expect(digestSwitch(page)).not.toBeChecked();
  await page.context().close();
});

test(
  'when the notification settings and the unsubscribe page render at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(60_000);
    const clientIp = clientIpFor(testInfo);
    const page = await consentedPage(browser, clientIp);
    await signUp(page.request, { firstName: 'Robin', lastName: 'Hale' });

    await page.goto('/profile');
    await expect(digestSwitch(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'profile-notifications', {
      frame: () => page.getByRole('region', { name: 'Notifications' }).scrollIntoViewIfNeeded(),
    });

    await page.goto('/unsubscribe?token=a-link-from-a-digest');
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'unsubscribe');
    await page.context().close();
  },
);
