import { expect, test } from '@playwright/test';

test.describe('foundation', () => {
  test('when a visitor opens / it shows the product title linking home', async ({ page }) => {
    await page.goto('/');
    const title = page.getByRole('link', { name: "Who's Right" });
    await expect(title).toBeVisible();
    await expect(title).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Two sides. One story.');
  });

  test('when a visitor opens an unknown route it shows the not-found screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(
      page.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Two sides. One story.');
  });
});
