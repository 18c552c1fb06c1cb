/**
 * What a first-time user hits, against the real server on a phone-sized screen: comments in view, a
 * new draw on every Random, focus after each action, the cookie banner.
 */
import { axe } from './support/axe.ts';
import type { Locator, Page } from '@playwright/test';

import { approvedStory, baseURL, newAccount, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';

const phone = { width: 390, height: 844 };
const storyPath = /\/story\/(story_[0-9A-Z]+)$/;

/** Whether the element's box lies inside the window and inside its scrolling list. */
async function fullyInView(item: Locator): Promise<boolean> {
  return item.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const list = node.closest('ul')?.getBoundingClientRect();
    const inWindow = box.top >= 0 && box.bottom <= window.innerHeight;
    const inList = !list || (box.top >= list.top - 1 && box.bottom <= list.bottom + 1);
    return inWindow && inList;
  });
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

test.describe('rough edges on a phone', () => {
  test.use({ viewport: phone });

  test('when a reader expands the comments or posts one it is scrolled into view and focused; the list scrolls by keyboard', async ({
    browser,
  }, testInfo) => {
    const clientIp = clientIpFor(testInfo);
    const story = await approvedStory(clientIp);
    const commenter = await newAccount(clientIp, { firstName: 'Pat', lastName: 'Quinn' });
    const long = 'I see both sides here, and I have a lot to say about it. '.repeat(4);
    for (const n of [1, 2, 3, 4, 5, 6])
      expect(
        (
          await commenter.api.post(`/api/stories/${story.id}/comments`, {
            data: { content: `Comment number ${n}. ${long}` },
          })
        ).status(),
      ).toBe(201);
    await commenter.api.dispose();

    const page = await consentedPage(browser, clientIp);
    await page.setViewportSize(phone);
    await signUp(page.request, { firstName: 'Jamie', lastName: 'Rivera' });
    await page.request.post(`/api/stories/${story.id}/vote`, { data: { vote: 'she' } });
    await page.goto(`/story/${story.id}`);
    const comments = page.getByRole('region', { name: /Comments/ });
    const list = comments.getByRole('list', { name: 'Comments' });
    await expect(list.getByRole('listitem')).toHaveCount(3);

    // Keyboard-scrollable: the box takes focus and the arrow keys move it.
    await list.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => list.evaluate((node) => node.scrollTop)).toBeGreaterThan(0);
    const axeResults = await axe(page).include('main').analyze();
    expect(axeResults.violations.map((v) => v.id)).toEqual([]);

    await comments.getByRole('button', { name: 'View 3 more comments' }).click();
    const fourth = list.getByRole('listitem').nth(3);
    await expect(fourth).toBeFocused();
    expect(await fullyInView(fourth)).toBe(true);

    await comments.getByRole('textbox').fill('Mine, posted last of all.');
    await comments.getByRole('button', { name: /Post/ }).click();
    const mine = list.getByRole('listitem').filter({ hasText: 'Mine, posted last of all.' });
    await expect(mine).toBeFocused();
    expect(await fullyInView(mine)).toBe(true);
    await page.context().close();
  });

  test('when a reader clicks Random again and again each click draws again', async ({
    browser,
  }, testInfo) => {
    const clientIp = clientIpFor(testInfo);
    for (let i = 0; i < 3; i += 1) await approvedStory(clientIp);
    const page = await consentedPage(browser, clientIp);
    await page.goto('/');
    const drawn = new Set<string>();
    for (let i = 0; i < 8 && drawn.size < 2; i += 1) {
      await page.getByRole('link', { name: 'Random story' }).first().click();
      await expect(page).toHaveURL(storyPath);
      drawn.add(storyPath.exec(new URL(page.url()).pathname)?.[1] ?? '');
      await page.getByRole('link', { name: 'Back to stories' }).click();
      await expect(page).toHaveURL(/\/$/);
    }
    expect(drawn.size).toBeGreaterThan(1);
    await page.context().close();
  });

  test('when a member votes focus goes to the results, and after Next to the new story', async ({
    browser,
  }, testInfo) => {
    const clientIp = clientIpFor(testInfo);
    const first = await approvedStory(clientIp);
    await approvedStory(clientIp);
    const page = await consentedPage(browser, clientIp);
    await signUp(page.request);
    await page.goto(`/story/${first.id}`);
    await page.getByRole('button', { name: "He's Right", exact: true }).click();
    await expect(page.getByRole('region', { name: 'Results' })).toBeFocused();
    await page.getByRole('button', { name: 'Next Story' }).click();
    await expect(page).not.toHaveURL(new RegExp(first.id));
    await expect(page.getByRole('article', { name: 'Story' })).toBeFocused();
    expect(await focusedText(page)).toContain("He's Right");
    await page.context().close();
  });

  test('when the cookie banner shows it comes right after the skip link and covers none of the page', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: phone });
    const page = await context.newPage();
    await page.goto('/privacy');
    const banner = page.getByRole('region', { name: 'Cookies, your call' });
    await expect(banner).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toBeFocused();

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.getByRole('contentinfo').boundingBox();
    const cover = await banner.locator('> div').boundingBox();
    if (!footer || !cover) throw new Error('no boxes');
    expect(footer.y + footer.height).toBeLessThanOrEqual(cover.y);
    await context.close();
  });
});
