/**
 * Reactions against the real server: a member gives and withdraws them under a story and they
 * stay so after a reload; another member sees the counts; a visitor's tap asks them to sign in
 * first. Captured into docs/screenshots/ at 390x844 and 1280x800, light and dark, each checked by
 * axe first (a member's pressed chip, and the visitor's sign-in sheet).
 */
import type { Page } from '@playwright/test';

import { approvedStory, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

const chip = (page: Page, label: string) =>
  page
    .getByRole('group', { name: 'Reactions' })
    .getByRole('button', { name: new RegExp(`^${label} `) });

test('when a member gives and withdraws reactions they stay so after a reload, and another member sees the counts', async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const clientIp = clientIpFor(testInfo);
  const story = await approvedStory(clientIp);
  const page = await consentedPage(browser, clientIp);
  await signUp(page.request, { firstName: 'Robin' });
  await page.goto(`/story/${story.id}`);

  await chip(page, 'LOL').click();
  await expect(chip(page, 'LOL')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, 'LOL')).toHaveAccessibleName('LOL 1');
  await chip(page, 'WTF').click();
  await expect(chip(page, 'WTF')).toHaveAccessibleName('WTF 1');
  await chip(page, 'WTF').click();
  await expect(chip(page, 'WTF')).toHaveAttribute('aria-pressed', 'false');
  await expect(chip(page, 'WTF')).toHaveAccessibleName('WTF 0');
  // The quick taps landed in order: what the server keeps is what the chips show.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(chip(page, 'LOL')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, 'LOL')).toHaveAccessibleName('LOL 1');
  await expect(chip(page, 'WTF')).toHaveAttribute('aria-pressed', 'false');
  await expect(chip(page, 'WTF')).toHaveAccessibleName('WTF 0');
  await expect(chip(page, 'Relatable')).toHaveAttribute('aria-pressed', 'false');

  const other = await consentedPage(browser, clientIp);
  await signUp(other.request, { firstName: 'Sky' });
  await other.goto(`/story/${story.id}`);
  await expect(chip(other, 'LOL')).toHaveAccessibleName('LOL 1');
  await expect(chip(other, 'LOL')).toHaveAttribute('aria-pressed', 'false');
  await chip(other, 'LOL').click();
  await expect(chip(other, 'LOL')).toHaveAccessibleName('LOL 2');
  await other.context().close();

  await page.reload();
  await expect(chip(page, 'LOL')).toHaveAccessibleName('LOL 2');
  await chip(page, 'LOL').click();
  await expect(chip(page, 'LOL')).toHaveAccessibleName('LOL 1');
  await expect(chip(page, 'LOL')).toHaveAttribute('aria-pressed', 'false');
  await page.context().close();
});

test(
  'when reactions render at each size, light and dark, axe finds nothing',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const story = await approvedStory(
      clientIp,
      'He says the thermostat stays at 18 because "sweaters exist". I say I should not need a coat indoors.',
      'household',
    );
    const page = await consentedPage(browser, clientIp);

    await page.goto(`/story/${story.id}`);
    await chip(page, 'Relatable').click();
    const sheet = page.getByRole('dialog', { name: 'Sign in to react' });
    await expect(sheet).toContainText('Your Relatable is added as soon as you are in.');
    await captureEverywhere(page, 'story-react-sign-in');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await signUp(page.request, { firstName: 'Casey' });
    await page.reload();
    await chip(page, 'Relatable').click();
    await expect(chip(page, 'Relatable')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'Relatable')).toHaveAccessibleName('Relatable 1');
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'story-reactions');
    await page.context().close();
  },
);
