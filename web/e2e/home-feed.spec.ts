/** The home feed against the real server: newest first, category filter, more on scroll. */
import { adminAccount, moderate, newAccount, submitStory } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('home feed', () => {
  test('when stories are approved they appear newest first, by category, and more load on scroll', async ({
    page,
    clientIp,
  }) => {
    // Three authors: a member may submit at most 5 stories an hour.
    const authors = [
      await newAccount(clientIp),
      await newAccount(clientIp),
      await newAccount(clientIp),
    ];
    const admin = await adminAccount(clientIp);
    const marker = `feed-${Date.now()}`;
    const ids: string[] = [];
    for (let n = 1; n <= 14; n += 1) {
      const story = await submitStory(
        authors[n % 3]!.api,
        `${marker} #${n}: we could not agree on how often to call our parents.`,
        'communication',
      );
      await moderate(admin.api, story.id);
      ids.push(story.id);
    }
    const pending = await submitStory(
      authors[0]!.api,
      `${marker} pending: never approved`,
      'communication',
    );
    for (const author of authors) await author.api.dispose();
    await admin.api.dispose();

    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Filter by category' })
      .getByRole('link', { name: 'Communication' })
      .click();
    await expect(page).toHaveURL(/\/\?category=communication$/);
    await expect(
      page
        .getByRole('navigation', { name: 'Filter by category' })
        .getByRole('link', { name: 'Communication' }),
    ).toHaveAttribute('aria-current', 'page');

    const cards = page.getByRole('list', { name: 'Stories' }).getByRole('listitem');
    await expect(cards.first()).toContainText(`${marker} #14`);
    await expect(cards.first()).toContainText('Communication');
    await expect(cards.first()).toContainText('0 votes');
    await expect(cards).toHaveCount(12);
    await expect(page.getByText(pending.content)).toHaveCount(0);

    // Scrolling to the end loads the next page (IntersectionObserver on nextCursor).
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(cards.filter({ hasText: `${marker} #1:` })).toHaveCount(1);

    await cards
      .filter({ hasText: `${marker} #7:` })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(new RegExp(`/story/${ids[6]}$`));
    await expect(page.getByRole('button', { name: "He's Right", exact: true })).toBeVisible();
  });

  test('when there are no stories the feed invites the first one', async ({ page }) => {
    await page.route('**/api/stories?*', (route) =>
      route.fulfill({ json: { items: [], nextCursor: null } }),
    );
    await page.goto('/?category=money');
    await expect(
      page.getByRole('heading', { name: 'No Money & Finances stories yet' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Share your story' }).last().click();
    // Signed out, sharing asks to log in first.
    await expect(page).toHaveURL(/\/login$/);
  });

  test('when the random button is pressed with no stories at all it falls back to the feed', async ({
    page,
  }) => {
    await page.route('**/api/stories/random*', (route) =>
      route.fulfill({ status: 404, json: { message: 'No story to show yet', code: 'not_found' } }),
    );
    await page.goto('/');
    const asked = page.waitForResponse('**/api/stories/random');
    await page.getByRole('link', { name: 'Random story' }).first().click();
    expect((await asked).status()).toBe(404);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Latest stories' })).toBeVisible();
  });
});
