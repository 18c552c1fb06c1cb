/** Posting without a connection: the comment waits in its box and is posted when the browser is back online. */
import type { Request } from '@playwright/test';

import { approvedStory, signUp } from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { expectToast } from './support/toast.ts';

test.describe('offline posting', () => {
  test('when a member posts a comment offline it says so and the comment appears once back online', async ({
    browser,
    clientIp,
  }, testInfo) => {
    const story = await approvedStory(clientIp);
    const page = await consentedPage(browser, clientIpFor(testInfo));
    await signUp(page.request, { firstName: 'Noor', lastName: 'Haddad' });
    await page.goto(`/story/${story.id}`);
    await page.getByRole('button', { name: "She's Right", exact: true }).click();
    const comments = page.getByRole('region', { name: /Comments/ });
    await expect(comments.getByText('No comments yet.', { exact: false })).toBeVisible();

    const posts: Request[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        request.url().endsWith(`/api/stories/${story.id}/comments`)
      )
        posts.push(request);
    });
    await page.context().setOffline(true);
    await comments.getByLabel('Your comment').fill('Written on the train, posted later.');
    await comments.getByRole('button', { name: 'Post Comment' }).click();
    await expect(comments.getByRole('status')).toHaveText(
      "You're offline. Your comment will be posted when you're back online.",
    );
    await expect(
      comments.getByRole('button', { name: 'Waiting for connection...' }),
    ).toBeDisabled();
    await expect(comments.getByLabel('Your comment')).toHaveValue(
      'Written on the train, posted later.',
    );

    await page.context().setOffline(false);
    await expectToast(
      page,
      'Comment Posted Successfully',
      'Your comment has been added and is now visible to others.',
    );
    const item = comments.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Written on the train, posted later.');
    await expect(comments.getByLabel('Your comment')).toHaveValue('');
    await expect(comments.getByRole('status')).toHaveCount(0);
    // Nothing was sent while offline, and the post went once.
    expect(posts).toHaveLength(1);
    await page.context().close();
  });
});
