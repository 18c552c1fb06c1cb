/**
 * The Poor Performing tab's ranking as it stood and its rule dry run, against the real server: an
 * admin picks a past moment, watches the progress bar while the server builds the ranking then,
 * sees it beside today's, and tries another rule to see who would enter or leave.
 */
import { axe } from './support/axe.ts';
import type { Locator, Page } from '@playwright/test';

import { adminAccount, apiContext, approvedStory, signUp } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { ADMIN_EMAIL } from './support/start-server.ts';

const TAB = 'Poor Performing Stories (Top 5% Skip Rate)';

/** `views` visitors, each from an address of its own, open the story; the first `skips` skip it. */
async function traffic(clientIp: string, storyId: string, views: number, skips: number) {
  const prefix = clientIp.split('.').slice(0, 2).join('.');
  for (let i = 0; i < views; i += 1) {
    const visitor = await apiContext(`${prefix}.${200 + Math.floor(i / 200)}.${i % 200}`);
    const actions = i < skips ? ['view', 'skip'] : ['view'];
    for (const action of actions)
      expect((await visitor.post(`/api/stories/${storyId}/track`, { data: { action } })).ok()).toBe(
        true,
      );
    await visitor.dispose();
  }
}

/** The `datetime-local` value of the browser's current minute. */
function thisMinute(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
}

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The ranking under a heading (its own section, not the panel around it). */
const section = (page: Page, heading: string | RegExp): Locator =>
  page.getByRole('heading', { name: heading, exact: true }).locator('..');

test.describe('the Poor Performing tab, as it stood', () => {
  test('when an admin builds a past ranking and tries another rule, they see its progress, then the past beside today, then who would enter or leave', async ({
    browser,
    clientIp,
  }, testInfo) => {
    // Waits for the next minute, so that the past moment holds the stories made here.
    test.setTimeout(150_000);
    const suffix = Math.random().toString(36).slice(2, 8);
    // Few views, all skipped: the worst today. Many views, nearly all skipped: the worst with 25.
    const few = await approvedStory(clientIp, `Few views ${suffix}: he leaves socks everywhere.`);
    const many = await approvedStory(clientIp, `Many views ${suffix}: she hums at breakfast.`);
    await traffic(clientIp, few.id, 12, 12);
    await traffic(clientIp, many.id, 30, 29);
    const madeAt = Date.now();
    await (await adminAccount(clientIp)).api.dispose();

    const page = await consentedPage(browser, clientIp, { colorScheme: 'dark' });
    await signUp(page.request, { email: ADMIN_EMAIL });
    await page.goto('/admin');
    await page.getByRole('tab', { name: TAB }).click();

    // A rule with at least 25 views over today: the few-views story leaves, the other enters.
    await pick(page, 'Minimum views', '25 views');
    const byRule = section(page, /^List by the new rule, today$/);
    await expect(byRule.getByRole('listitem').filter({ hasText: many.content })).toContainText(
      'Would enter',
    );
    await expect(
      section(page, 'Leaving the list').getByRole('listitem').filter({ hasText: few.content }),
    ).toContainText('Would leave');
    await pick(page, 'Minimum views', '10 views (current)');
    await expect(page.getByText(/This is the current rule/)).toBeVisible();

    // The moment: the minute after the stories were made. The server replays whole minutes and
    // refuses a moment in its future, so this waits until its clock (each answer's Date) is there.
    const nextMinute = (Math.floor(madeAt / 60_000) + 1) * 60_000;
    await expect
      .poll(async () => Date.parse((await page.request.get('/api/health')).headers()['date']!), {
        timeout: 75_000,
        intervals: [1_000],
      })
      .toBeGreaterThanOrEqual(nextMinute);
    // The first poll is held until the bar has been seen: a small log builds in one poll.
    let releasePoll = () => {};
    const pollHeld = new Promise<void>((resolve) => (releasePoll = resolve));
    let held = false;
    await page.route('**/api/admin/replays/*', async (route) => {
      if (!held) {
        held = true;
        await pollHeld;
      }
      await route.continue();
    });
    await page.getByLabel('As of').fill(await thisMinute(page));
    await page.getByRole('button', { name: 'Build ranking' }).click();
    const bar = page.getByRole('progressbar', { name: /^Building the ranking as of / });
    await expect(bar).toBeVisible();
    await expect(page.getByText(/[\d,]+ \/ [\d,]+ events · [\d,]+ events\/s · /)).toBeVisible();
    releasePoll();

    const past = section(page, /^As of /);
    await expect(past.getByRole('listitem').filter({ hasText: few.content })).toBeVisible({
      timeout: 20_000,
    });
    await expect(bar).toBeHidden();
    await expect(section(page, 'Today').getByRole('listitem').first()).toBeVisible();

    // The same rule over the past moment.
    await pick(
      page,
      'Over',
      (await past.getByRole('heading').innerText()).replace(/^As of /, 'As of '),
    );
    await pick(page, 'Minimum views', '25 views');
    await expect(
      section(page, /^List by the new rule, as of /)
        .getByRole('listitem')
        .filter({ hasText: many.content }),
    ).toContainText('Would enter');

    // Side by side on a desktop, stacked on a phone; nothing overflows at 320 px; axe-clean in
    // dark and light.
    for (const [width, colorScheme] of [
      [1280, 'dark'],
      [320, 'dark'],
      [320, 'light'],
      [1280, 'light'],
    ] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: testInfo.outputPath(`as-of-${width}-${colorScheme}.png`),
        fullPage: true,
      });
      const results = await axe(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    }
    await page.context().close();
  });
});
