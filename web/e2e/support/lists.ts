/** Finding an item in one of the app's infinite lists (the admin panel's, the profile's). */
import { expect, type Locator, type Page } from '@playwright/test';

/** The list item holding `text`, scrolling the infinite list until it has loaded. */
export async function itemWith(page: Page, list: string, text: string): Promise<Locator> {
  const item = page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ hasText: text });
  await expect(async () => {
    if ((await item.count()) === 0)
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return item;
}
