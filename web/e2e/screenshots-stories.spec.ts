/**
 * Visual check of the story screens with real content: a second server seeded with the demo
 * stories (SEED_DEMO=1) captures the home feed, a story before and after voting (with comments)
 * and the login form, at 390x844 and 1280x800, light and dark, into web/e2e/screenshots/
 * (gitignored). The best ones are copied to docs/screenshots/ for the README. Pictures only:
 * `npm run screenshots` runs it, `npm test` does not.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

import { PASSWORD, uniqueEmail } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { startServer, type RunningServer } from './support/start-server.ts';
import { PICTURES, SHOT_VIEWPORTS } from './support/screenshots.ts';

const outDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

const schemes = ['light', 'dark'] as const;

let demo: RunningServer;

test.describe('story screenshots', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    demo = await startServer({ seedDemo: true });
  });

  test.afterAll(async () => {
    await demo?.stop();
  });

  /** A demo story with comments, so the after-voting shot shows the whole screen. */
  async function storyWithComments(page: Page): Promise<string> {
    const response = await page.request.get(`${demo.baseURL}/api/stories?limit=50`);
    const { items } = (await response.json()) as {
      items: Array<{ id: string; commentCount: number; content: string }>;
    };
    const story = items.find((s) => s.commentCount >= 4 && s.content.length < 320) ?? items[0];
    if (!story) throw new Error('The demo seed has no stories');
    return story.id;
  }

  for (const viewport of SHOT_VIEWPORTS) {
    for (const colorScheme of schemes) {
      test(
        `when the story screens render at ${viewport.name} in ${colorScheme} they are captured`,
        PICTURES,
        async ({ page }) => {
          await page.setViewportSize({ width: viewport.width, height: viewport.height });
          await page.emulateMedia({ colorScheme });
          const shot = (name: string) => `${outDir}${name}-${viewport.name}-${colorScheme}.png`;
          const url = (path: string) => `${demo.baseURL}${path}`;

          await page.goto(url('/login'));
          await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
          await page.screenshot({ path: shot('login'), animations: 'disabled' });

          const storyId = await storyWithComments(page);
          await page.goto(url(`/story/${storyId}`));
          await expect(page.getByRole('button', { name: "He's Right", exact: true })).toBeEnabled();
          await page.screenshot({ path: shot('story-visitor'), animations: 'disabled' });

          const registered = await page.request.post(url('/api/auth/register'), {
            data: {
              email: uniqueEmail('shots'),
              password: PASSWORD,
              firstName: 'Casey',
              lastName: 'Park',
            },
          });
          expect(registered.status()).toBe(201);

          await page.goto(url('/'));
          await expect(
            page.getByRole('list', { name: 'Stories' }).getByRole('listitem').first(),
          ).toBeVisible();
          await page.screenshot({ path: shot('feed'), animations: 'disabled' });

          await page.goto(url(`/story/${storyId}`));
          await expect(
            page.getByRole('button', { name: "She's Right", exact: true }),
          ).toBeEnabled();
          await page.screenshot({ path: shot('story-before-vote'), animations: 'disabled' });

          await page.getByRole('button', { name: "She's Right", exact: true }).click();
          await expect(page.getByRole('region', { name: 'Results' })).toContainText(
            "You voted She's Right",
          );
          await expect(page.getByRole('list', { name: 'Comments' })).toBeVisible();
          await page.locator('[data-slot="toast-close"]').click();
          await expect(page.locator('[data-slot="toast"]')).toHaveCount(0);
          await page.screenshot({
            path: shot('story-after-vote'),
            fullPage: true,
            animations: 'disabled',
          });
        },
      );
    }
  }
});
