/**
 * Saved stories against the real server: a visitor's Save asks them to sign in and is made once
 * they are in; the story stays saved after a reload and shows in the profile's Saved tab; a
 * second tap unsaves it. The story card and the Saved tab are checked by axe at each size, light
 * and dark (and pictured under `npm run screenshots`).
 */
import type { Page } from '@playwright/test';

import { approvedStory, PASSWORD, uniqueEmail } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

const saveButton = (page: Page) => page.getByRole('button', { name: /^Save(d)?$/ });

/**
 * The answer to the next save or unsave of the story. The toggle turns at once; the call itself
 * waits its turn in the client limiter (100 ms apart) behind what a sign-in asks for.
 */
const savedAnswer = (page: Page, method: 'PUT' | 'DELETE') =>
  page.waitForResponse((r) => r.url().endsWith('/saved') && r.request().method() === method);

test(
  'when a visitor saves a story they sign in first, it stays saved and shows in the Saved tab until unsaved',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const clientIp = clientIpFor(testInfo);
    const story = await approvedStory(
      clientIp,
      'He keeps every takeaway menu "for reference". I say the internet exists.',
      'household',
    );
    const page = await consentedPage(browser, clientIp);
    await page.goto(`/story/${story.id}`);
    await expect(page.getByText(story.content)).toBeVisible();

    await saveButton(page).click();
    const sheet = page.getByRole('dialog', { name: 'Sign in to save' });
    await expect(sheet).toContainText('The story is saved to your profile as soon as you are in.');
    await sheet.getByRole('button', { name: 'Sign up' }).click();
    await sheet.getByLabel('Email').fill(uniqueEmail('saver'));
    await sheet.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await sheet.getByLabel('First name').fill('Sam');
    const savedCall = savedAnswer(page, 'PUT');
    await sheet.getByRole('button', { name: 'Create Account' }).click();
    await expect(sheet).toBeHidden();
    await expect(saveButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(saveButton(page)).toHaveAccessibleName('Saved');
    expect((await savedCall).status()).toBe(200);

    await page.reload();
    await expect(saveButton(page)).toHaveAttribute('aria-pressed', 'true');
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'story-saved');

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Saved' }).click();
    const saved = page.getByRole('link', { name: story.content });
    await expect(saved).toBeVisible();
    await expect(saved.locator('xpath=ancestor::article')).toContainText(/Saved (just now|\d)/);
    await captureEverywhere(page, 'profile-saved');

    await saved.click();
    await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
    const unsaved = savedAnswer(page, 'DELETE');
    await saveButton(page).click();
    await expect(saveButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(saveButton(page)).toHaveAccessibleName('Save');
    expect((await unsaved).status()).toBe(200);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Saved' }).click();
    await expect(
      page.getByText('No saved stories yet. Tap Save on a story to keep it here.'),
    ).toBeVisible();
    await page.context().close();
  },
);
