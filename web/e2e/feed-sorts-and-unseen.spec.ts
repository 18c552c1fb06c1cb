/** On the real server: the feed's orders, and Random / Next that never repeat a story. */
import { approvedStory, newAccount } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('feed orders and unseen stories', () => {
  test('when Most voted is chosen the feed keeps its category, sorts by votes and says so', async ({
    page,
    clientIp,
  }) => {
    const quiet = await approvedStory(clientIp, undefined, 'relationships');
    const busy = await approvedStory(clientIp, undefined, 'relationships');
    for (let i = 0; i < 3; i++) {
      const voter = await newAccount(clientIp);
      const voted = await voter.api.post(`/api/stories/${busy.id}/vote`, { data: { vote: 'he' } });
      expect(voted.status()).toBe(200);
      await voter.api.dispose();
    }

    await page.goto('/?category=relationships');
    await expect(page.getByRole('heading', { name: 'Latest stories' })).toBeVisible();
    const sorts = page.getByRole('navigation', { name: 'Sort stories' });
    await expect(sorts.getByRole('link', { name: 'Newest' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await sorts.getByRole('link', { name: 'Most voted' }).click();
    await expect(page).toHaveURL(/\/\?category=relationships&sort=votes$/);
    await expect(page.getByRole('heading', { name: 'Most voted stories' })).toBeVisible();
    await expect(sorts.getByRole('link', { name: 'Most voted' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const cards = page.getByRole('list', { name: 'Stories' }).getByRole('listitem');
    const texts = await cards.allInnerTexts();
    const busyAt = texts.findIndex((t) => t.includes(busy.content));
    const quietAt = texts.findIndex((t) => t.includes(quiet.content));
    expect(busyAt).toBeGreaterThanOrEqual(0);
    expect(quietAt === -1 || busyAt < quietAt).toBe(true);

    // Another category keeps the order.
    await page
      .getByRole('navigation', { name: 'Filter by category' })
      .getByRole('link', { name: 'All' })
      .click();
    await expect(page).toHaveURL(/\/\?sort=votes$/);
    await sorts.getByRole('link', { name: 'Most divisive' }).click();
    await expect(page.getByRole('heading', { name: 'Most divisive stories' })).toBeVisible();
  });

  test('when every other story is seen, Next shows the end screen, which leads back to the feed', async ({
    page,
    clientIp,
  }) => {
    const story = await approvedStory(clientIp);
    // The server's side (never a seen story, then {id: null}) is unseen-random-api.spec.ts. The
    // next story is drawn while this one is read, so the draw answers "all seen" from the start.
    await page.route('**/api/stories/random*', (route) => route.fulfill({ json: { id: null } }));
    await page.goto(`/story/${story.id}`);
    await expect(page.getByRole('button', { name: "He's Right", exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(new RegExp(`/random\\?exclude=${story.id}$`));
    const heading = page.getByRole('heading', { name: "You've seen every story" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await page.getByRole('link', { name: 'Back to the feed' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
