/**
 * The admin's Insights tab against the real server: a story written and voted on today shows in
 * the charts' text alternatives and tables, the 90-day window answers, and the charts load only
 * when the tab opens. Checked by axe at each size, light and dark (and pictured under
 * `npm run screenshots`).
 */
import { adminPage, openTab } from './support/admin.ts';
import { approvedStory, newAccount } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { captureEverywhere, PICTURES } from './support/screenshots.ts';

test(
  'when an admin opens Insights the day’s activity, verdicts and skip rates are charted, each with a text alternative and a table',
  PICTURES,
  async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const clientIp = clientIpFor(testInfo);
    const story = await approvedStory(
      clientIp,
      'He labels every shelf in the fridge and relabels them on Sundays.',
    );
    const voter = await newAccount(clientIp);
    const voted = await voter.api.post(`/api/stories/${story.id}/vote`, { data: { vote: 'she' } });
    expect(voted.status()).toBe(200);
    await voter.api.dispose();

    const page = await adminPage(browser, clientIp);
    const chartChunk = page.waitForRequest((request) => /insights-charts/.test(request.url()));
    await openTab(page, 'Insights');
    await chartChunk;

    const votes = page.getByRole('figure', { name: 'Votes per day' });
    await expect(votes).toContainText(/Votes: \d+ over the last 30 days/);
    await expect(votes.locator('canvas').first()).toBeVisible();
    const verdicts = page.getByRole('figure', { name: 'Who is right, by story' });
    await expect(verdicts).toContainText(/She's Right leads [1-9]/);
    await expect(
      page.getByRole('figure', { name: 'Skip rates of stories with 10 views or more' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await captureEverywhere(page, 'admin-insights', {
      frame: async () => votes.scrollIntoViewIfNeeded(),
    });

    await verdicts.getByRole('button', { name: 'Show table' }).click();
    await expect(verdicts.getByRole('table')).toContainText("She's Right");
    // Keyboard: the table's region scrolls from the keyboard, and the chart comes back.
    await verdicts.getByRole('region').focus();
    await expect(verdicts.getByRole('region')).toBeFocused();
    await verdicts.getByRole('button', { name: 'Show chart' }).press('Enter');
    await expect(verdicts.getByRole('img', { name: 'Who is right, by story' })).toBeVisible();

    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(votes).toContainText(/over the last 90 days/);
    await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await captureEverywhere(page, 'admin-insights-90', { schemes: ['dark'] });
    await page.context().close();
  },
);

test('when a reader opens the home page no chart library is loaded', async ({
  browser,
}, testInfo) => {
  const page = await adminPage(browser, clientIpFor(testInfo));
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((url) => /insights-charts|uplot/i.test(url))).toEqual([]);
  await page.context().close();
});
