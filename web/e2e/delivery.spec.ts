/** How the server delivers the app: compressed files, real 404s, robots.txt and favicon.ico. */
import { approvedStory } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('delivery', () => {
  test('when a page loads every script and style arrives compressed', async ({
    page,
    clientIp,
  }) => {
    const assets: Array<{ url: string; encoding: string | undefined }> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet')
        assets.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    });
    const story = await approvedStory(clientIp);
    for (const path of ['/', `/story/${story.id}`, '/login', '/privacy']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
  });

  test('when pages load and parse API answers no script error is logged (no CSP refusal)', async ({
    page,
    clientIp,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // A visitor has no signed-in hint cookie, so not even GET /api/auth/user (a 401) is asked.
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // A refusal the code catches (zod's `new Function` probe) logs nothing but is still reported.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP refused ${event.violatedDirective} in ${event.sourceFile}`),
      );
    });
    const story = await approvedStory(clientIp);
    for (const path of ['/', `/story/${story.id}`, '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('when a hashed asset is missing it answers 404 in plain text, not the page', async ({
    request,
  }) => {
    const response = await request.get('/assets/index-doesnotexist.js');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  });

  test('when an unknown route is opened it answers 404 with the not-found screen', async ({
    page,
  }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeVisible();
  });

  test('when a missing story is opened it answers 404 with Story Not Found', async ({ page }) => {
    const response = await page.goto('/story/story_01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
  });

  test('when robots.txt and favicon.ico are asked they are real files', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('User-agent: *');
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  });
});
