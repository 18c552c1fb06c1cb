/**
 * Story search against the real server: "/" puts a reader in the header's field, the results
 * page marks the words found and keeps its filter chips in the URL, a search with no match says
 * so and leads back to the stories, and on the narrowest phone the header's icon opens the page
 * with its field focused. The results and the empty answer are checked by axe at each size,
 * light and dark (and pictured under `npm run screenshots`).
 */
import { randomUUID } from 'node:crypto';

import { approvedStory } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { captureChecked, captureEverywhere, PICTURES } from './support/screenshots.ts';

/** A word only this run's stories hold (letters only: a stemmer keeps it whole). */
const uniqueWord = () =>
  `quokka${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)}`;

test(
  'when a reader searches from the header they see the stories found, narrow them with chips and find their way back from no match',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const clientIp = clientIpFor(testInfo);
    const word = uniqueWord();
    const money = await approvedStory(
      clientIp,
      `He hides a ${word} fund in the freezer. I found it defrosting the peas.`,
      'money',
    );
    const chores = await approvedStory(
      clientIp,
      `She named the ${word} vacuum robot and now it has a birthday party.`,
      'household',
    );
    const page = await consentedPage(browser, clientIp);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('heading', { level: 2 }).first().waitFor();

    await page.keyboard.press('/');
    const headerField = page.getByRole('search', { name: 'Site' }).getByRole('searchbox');
    await expect(headerField).toBeFocused();
    await headerField.fill(word);
    await headerField.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link')).toHaveCount(2);
    await expect(results.locator('mark').first()).toHaveText(word);
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'search-results');

    await page
      .getByRole('navigation', { name: 'Filter by category' })
      .getByRole('link', { name: 'Money & Finances' })
      .click();
    await expect(page).toHaveURL(/category=money/);
    await expect(results.getByRole('link')).toHaveCount(1);
    await expect(results.getByRole('link')).toHaveAttribute('href', `/story/${money.id}`);
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', {
        name: 'Money & Finances',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(results.getByRole('link')).toHaveCount(1);

    // Keyboard only: from the field to the first result, then into the story.
    const pageField = page.getByRole('search', { name: 'Stories' }).getByRole('searchbox');
    await pageField.fill(`${word} -freezer`);
    await pageField.press('Enter');
    await expect(page).toHaveURL(/category=money/);
    await expect(page.getByText('No stories match')).toBeVisible();
    await captureEverywhere(page, 'search-no-match');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(results.getByRole('link')).toHaveAttribute('href', `/story/${chores.id}`);
    await results.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/story/${chores.id}$`));

    await page.goto(`/search?q=${uniqueWord()}`);
    await expect(page.getByText('No stories match')).toBeVisible();
    await page.getByRole('link', { name: 'Back to stories' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.context().close();
  },
);

test('when a reader on the narrowest phone taps the search icon the search page opens with its field focused', async ({
  browser,
}, testInfo) => {
  const clientIp = clientIpFor(testInfo);
  const word = uniqueWord();
  await approvedStory(clientIp, `Our ${word} argument: who left the gate open?`, 'other');
  const page = await consentedPage(browser, clientIp);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await page.getByRole('link', { name: 'Search stories' }).click();
  const field = page.getByRole('search', { name: 'Stories' }).getByRole('searchbox');
  await expect(field).toBeFocused();
  await field.fill(word);
  await field.press('Enter');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link')).toHaveCount(1);
  // Nothing wider than the screen: the chips scroll sideways inside their rows.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await captureChecked(page, `search-results-320-${colorScheme}`);
  }
  await page.context().close();
});
