/**
 * The core loop against the real server: a member votes and presses Next 20 times, a visitor
 * skips 20 times, all within a minute. No story may be reported missing and no error toast may
 * show (the client rate limiter allows 25 calls per group per minute, so 20 presses in a minute,
 * with the draws, fetches and tracking each brings, must fit in it). Before each press the test
 * waits, as a reader's pause would allow, until the story screen has drawn the next story and
 * fetched its card (the prefetch), so what is measured is a reader's press. Each journey prints
 * the time from the press to the next story on screen as a benchmark line (p50 / p90): a figure
 * to read, not an assertion on time. The member votes on whatever the server draws, so the file
 * has a server of its own (support/own-server.ts).
 */
import type { Page } from '@playwright/test';

import { approvedStory, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { withOwnServer } from './support/own-server.ts';
import { consentedPage } from './support/pages.ts';

const STORIES = 20;
/** The 20 presses must all fall in one minute of the rate limiters' windows. */
const MINUTE_MS = 60_000;
const article = 'article[aria-labelledby="story-title"]';

test.describe.configure({ mode: 'serial' });
withOwnServer();

// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(180_000);
  // Enough stories that neither reader runs out (each author from an address of its own).
  for (let i = 0; i < STORIES + 3; i += 1) await approvedStory(clientIpFor(testInfo));
});

/**
 * Presses `button` and measures, in the page, from its click event until a new story card is on
 * screen (the driver's own round trips are left out).
 */
async function pressAndTimeNext(page: Page, name: string): Promise<number> {
  await page.locator(article).evaluate((el) => el.setAttribute('data-left', ''));
  const shown = page.waitForFunction(
    (selector) => {
      const card = document.querySelector(selector);
      const t0 = (window as { pressedAt?: number }).pressedAt;
      return card && !card.hasAttribute('data-left') && t0 ? performance.now() - t0 : false;
    },
    article,
    { polling: 'raf', timeout: 15_000 },
  );
  const button = page.getByRole('button', { name, exact: true });
  await button.evaluate((el) =>
    el.addEventListener(
      'click',
      () => ((window as { pressedAt?: number }).pressedAt = performance.now()),
      { once: true, capture: true },
    ),
  );
  await button.click();
  return (await shown).jsonValue() as Promise<number>;
}

async function expectNoFailure(page: Page) {
  await expect(page.getByRole('heading', { name: 'Story Not Found' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: "Couldn't load this story" })).toHaveCount(0);
  await expect(page.locator('[data-slot="toast"].destructive')).toHaveCount(0);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function report(who: string, times: number[]) {
  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(
    `bench story-loop ${who}: next story on screen p50 ${ms(percentile(times, 50))}, p90 ${ms(percentile(times, 90))} over ${times.length} presses`,
  );
}

/**
 * Every story the page drew (GET /api/stories/random, in order) and every story card it fetched
 * (GET /api/stories/:id), from the page's own responses.
 */
function watchDraws(page: Page) {
  const draws: Array<Promise<string | null>> = [];
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!response.ok() || response.request().method() !== 'GET') return;
    if (path === '/api/stories/random')
      draws.push(response.json().then((body: { id: string | null }) => body.id));
    else if (/^\/api\/stories\/[^/]+$/.test(path)) fetched.add(path.split('/').pop()!);
  });
  return {
    /**
     * Waits until the story on screen has drawn its next story and fetched that card: the latest
     * draw is another story (the one before it chose the story on screen) and its card is in.
     */
    async nextReady() {
      const current = new URL(page.url()).pathname.split('/').pop();
      await expect
        .poll(async () => {
          const latest = await draws.at(-1);
          return !!latest && latest !== current && fetched.has(latest);
        })
        .toBe(true);
    },
  };
}

test('when a member votes and presses Next 20 times in a minute no story is reported missing and no error shows', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await consentedPage(browser, clientIpFor(testInfo));
  const draws = watchDraws(page);
  await signUp(page.request);
  const startedAt = Date.now();
  await page.goto('/random');
  await expect(page.locator(article)).toBeVisible({ timeout: 20_000 });
  const times: number[] = [];
  for (let i = 0; i < STORIES; i += 1) {
    await page.getByRole('button', { name: "He's Right", exact: true }).click();
    await expect(page.getByRole('region', { name: 'Results' })).toContainText('You voted');
    await draws.nextReady();
    times.push(await pressAndTimeNext(page, 'Next Story'));
    await expectNoFailure(page);
  }
  expect(Date.now() - startedAt).toBeLessThan(MINUTE_MS);
  report('member vote + Next', times);
  await page.context().close();
});

test('when a visitor skips 20 times in a minute no story is reported missing and no error shows', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await consentedPage(browser, clientIpFor(testInfo));
  const draws = watchDraws(page);
  const startedAt = Date.now();
  await page.goto('/random');
  await expect(page.locator(article)).toBeVisible({ timeout: 20_000 });
  const times: number[] = [];
  for (let i = 0; i < STORIES; i += 1) {
    await draws.nextReady();
    times.push(await pressAndTimeNext(page, 'Skip'));
    await expectNoFailure(page);
  }
  expect(Date.now() - startedAt).toBeLessThan(MINUTE_MS);
  report('visitor Skip', times);
  await page.context().close();
});
