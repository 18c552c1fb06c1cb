/**
 * axe (WCAG 2.1 A and AA rules, label in name included) on every screen a visitor or member
 * meets, light and dark, at a phone's size. The admin screens have their own in admin, dashboard
 * and profile specs.
 */
import { axe } from './support/axe.ts';
import type { Page } from '@playwright/test';

import { approvedStory, baseURL, newAccount, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';

async function expectNoViolations(page: Page, screen: string) {
  const results = await axe(page).analyze();
  expect(
    results.violations.map(
      (v) => `${screen}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const)
  test(`when every visitor and member screen is checked in ${colorScheme} mode axe finds nothing`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const clientIp = clientIpFor(testInfo);
    const story = await approvedStory(clientIp);
    const commenter = await newAccount(clientIp);
    await commenter.api.post(`/api/stories/${story.id}/comments`, {
      data: { content: 'A comment, so the list is there to check.' },
    });
    await commenter.api.dispose();

    // A first-time visitor: the cookie banner and its preferences dialog.
    const visitor = await browser.newContext({
      colorScheme,
      viewport: { width: 390, height: 844 },
      baseURL: baseURL(),
      extraHTTPHeaders: { 'X-Forwarded-For': clientIp },
    });
    const first = await visitor.newPage();
    await first.goto('/');
    await expect(first.getByRole('region', { name: 'Cookies, your call' })).toBeVisible();
    await expectNoViolations(first, 'cookie banner');
    await first.getByRole('button', { name: 'Preferences' }).click();
    await expect(first.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    await expectNoViolations(first, 'cookie preferences');
    await visitor.close();

    const page = await consentedPage(browser, clientIp, { colorScheme });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, ready] of [
      ['/', page.getByRole('heading', { level: 1 })],
      ['/?sort=votes', page.getByRole('heading', { name: 'Most voted stories' })],
      [
        '/?sort=divisive&category=other',
        page.getByRole('heading', { name: 'Most divisive stories' }),
      ],
      ['/login', page.getByRole('heading', { name: 'Welcome back' })],
      ['/privacy', page.getByRole('heading', { level: 1 })],
      ['/no-such-page', page.getByRole('heading', { level: 1 })],
      [`/story/${story.id}`, page.getByText(story.content)],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, path);
    }
    await page.route('**/api/stories/random*', (route) => route.fulfill({ json: { id: null } }));
    await page.goto('/random');
    await expect(page.getByRole('heading', { name: "You've seen every story" })).toBeVisible();
    await expectNoViolations(page, 'all stories seen');
    await page.unroute('**/api/stories/random*');

    await signUp(page.request);
    await page.goto(`/story/${story.id}`);
    await page.getByRole('button', { name: "He's Right", exact: true }).click();
    await expect(page.getByRole('region', { name: 'Results' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Comments' })).toBeVisible();
    await expectNoViolations(page, 'story after voting');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoViolations(page, 'share menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add new' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, 'submit dialog');
    await page.context().close();
  });
