/**
 * The screens the phone and polish work changed, checked by axe in light and dark (and pictured
 * for docs/screenshots/ under `npm run screenshots`): the signed-in home (one-line hero) at
 * 360x740 and 1280x800, the 'Signed out' toast at 390x844, the profile's verify-email notice and
 * sign-up with its name hint at 390x844 and 1280x800.
 */
import { approvedStory, signUp, uniqueEmail } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';
import { expectToast } from './support/toast.ts';

const PHONE = { name: 'phone', width: 390, height: 844 };
const SMALL_PHONE = { name: 'phone', width: 360, height: 740 };
const DESKTOP = { name: 'desktop', width: 1280, height: 800 };

test(
  'when the phone and polish screens render, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(150_000);
    const clientIp = clientIpFor(testInfo);
    await approvedStory(
      clientIp,
      'He says the thermostat should stay at 19 degrees all winter. I say a home should be warm enough to sit in without a blanket.',
      'household',
    );
    await approvedStory(
      clientIp,
      'She books every holiday a year ahead. I like deciding the week before. We have not been away together since spring.',
      'lifestyle',
    );
    const page = await consentedPage(browser, clientIp);

    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel(/Last name/).fill('Hale');
    await expect(page.getByText('Others will see you as Robin_H.')).toBeVisible();
    await captureEverywhere(page, 'sign-up', { sizes: [DESKTOP, PHONE] });

    await signUp(page.request, {
      email: uniqueEmail('shots'),
      firstName: 'Robin',
      lastName: 'Hale',
    });
    await page.setViewportSize(SMALL_PHONE);
    await page.goto('/');
    await expect(page.locator('[data-hero="compact"]')).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await captureEverywhere(page, 'home-signed-in', { sizes: [SMALL_PHONE] });
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await captureEverywhere(page, 'home-signed-in', { sizes: [DESKTOP] });

    await page.goto('/profile');
    await expect(page.getByTestId('verify-email-notice')).toBeVisible();
    await captureEverywhere(page, 'profile-verify', { sizes: [DESKTOP, PHONE] });

    // The toast shows for 5 s: one scheme per sign-out.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.getByRole('button', { name: 'Logout' }).click();
      await expectToast(page, 'Signed out', 'See you next time.');
      await captureEverywhere(page, 'toast', { sizes: [PHONE], schemes: [colorScheme] });
      if (colorScheme === 'light') {
        await signUp(page.request, { email: uniqueEmail('shots') });
        await page.goto('/profile');
      }
    }
    await page.context().close();
  },
);
