/** The visible toast (title and description), not Radix's screen-reader announcement copy. */
import { expect, type Page } from '@playwright/test';

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-slot="toast"]').filter({
    has: page.locator('[data-slot="toast-title"]', { hasText: title }),
  });
  await expect(toast.locator('[data-slot="toast-title"]')).toHaveText(title);
  if (description !== undefined) {
    await expect(toast.locator('[data-slot="toast-description"]')).toHaveText(description);
  }
}
