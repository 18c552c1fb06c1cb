/** The story screen against the real server: voting, results, comments, Skip, Share. */
import type { Browser, Page, Request } from '@playwright/test';

import {
  PASSWORD,
  adminAccount,
  approvedStory,
  baseURL,
  moderate,
  newAccount,
  signUp,
  uniqueEmail,
} from './support/api.ts';
import { clientIpFor, expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { expectToast } from './support/toast.ts';

const he = (page: Page) => page.getByRole('button', { name: "He's Right", exact: true });
const she = (page: Page) => page.getByRole('button', { name: "She's Right", exact: true });
const storyPath = /\/story\/(story_[0-9A-Z]+)$/;

/** The action a track request posted (Playwright types posted JSON as any). */
function trackedAction(request: Request): unknown {
  const body: unknown = request.postDataJSON();
  return typeof body === 'object' && body !== null && 'action' in body ? body.action : undefined;
}

async function signedInPage(browser: Browser, clientIp: string) {
  const page = await consentedPage(browser, clientIp);
  await signUp(page.request, { firstName: 'Jamie', lastName: 'Rivera' });
  return page;
}

test.describe('story journey', () => {
  test('when a member shares a story and an admin approves it, another member votes, sees the split and comments', async ({
    page,
    browser,
    clientIp,
  }, testInfo) => {
    // Three accounts (each a password hash) and two browsers: 18 s when the machine is quiet,
    // past the default 30 s when the suite's other servers share its two cores.
    test.setTimeout(60_000);
    // The author registers in the browser and shares a story through Add new.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('author'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('First name').fill('Sam');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Story' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Submit Story' });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText('Keep it anonymous and respectful')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Money & Finances' }).click();
    await expect(submit).toBeDisabled();
    const content = `He wants to split every bill 50/50 even though I earn a third of what he does (${testInfo.testId.slice(0, 6)}).`;
    await dialog.getByLabel('Your story').fill(content);
    await expect(dialog.getByText(`${content.length}/1000`)).toBeVisible();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/stories') && r.request().method() === 'POST',
    );
    await submit.click();
    const story = (await (await created).json()) as { id: string; status: string };
    expect(story.status).toBe('pending');
    await expectToast(
      page,
      'Story Submitted!',
      'Your story has been submitted for review and will appear soon.',
    );
    await expect(dialog).toBeHidden();

    // The admin (its address verified, whatever ran before) approves it through the API.
    const admin = await adminAccount(clientIp);
    await moderate(admin.api, story.id);
    await admin.api.dispose();

    // A second member opens it, votes, sees the results and comments.
    const reader = await signedInPage(browser, clientIpFor(testInfo));
    await reader.goto(`/story/${story.id}`);
    await expect(reader.getByText(content)).toBeVisible();
    await expect(reader.getByText('Money & Finances')).toBeVisible();
    await expect(reader.getByRole('heading', { name: 'Comments' })).toHaveCount(0);
    await he(reader).click();
    await expectToast(reader, 'Vote Recorded!', "You voted He's Right");
    await expect(he(reader)).toHaveAttribute('aria-pressed', 'true');
    await expect(she(reader)).toHaveAttribute('aria-pressed', 'false');
    const results = reader.getByRole('region', { name: 'Results' });
    await expect(results).toContainText('100%');
    await expect(results).toContainText('0%');
    await expect(results).toContainText('1 vote');
    await expect(results).toContainText("You voted He's Right");
    await expect(reader.getByRole('button', { name: 'Next Story' })).toBeVisible();

    const comments = reader.getByRole('region', { name: /Comments/ });
    await expect(comments.getByText('No comments yet.', { exact: false })).toBeVisible();
    await comments.getByLabel('Your comment').fill('Split it by income, <b>obviously</b>.');
    await comments.getByRole('button', { name: 'Post Comment' }).click();
    await expectToast(
      reader,
      'Comment Posted Successfully',
      'Your comment has been added and is now visible to others.',
    );
    const item = comments.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Jamie_R');
    await expect(item).toContainText('Split it by income, <b>obviously</b>.');
    await expect(item.getByRole('button', { name: '0 upvotes' })).toBeDisabled();
    await expect(item.getByRole('button', { name: 'Delete comment' })).toBeVisible();
    await expect(comments.getByLabel('Your comment')).toHaveValue('');
    await reader.context().close();
  });

  test('when a member already voted elsewhere the click says Already Voted and shows the stored vote', async ({
    browser,
    clientIp,
  }, testInfo) => {
    const story = await approvedStory(clientIp);
    const page = await signedInPage(browser, clientIpFor(testInfo));
    await page.goto(`/story/${story.id}`);
    await expect(he(page)).toBeEnabled();
    // Another tab of the same member votes She's Right first.
    const voted = await page.request.post(`/api/stories/${story.id}/vote`, {
      data: { vote: 'she' },
    });
    expect(voted.status()).toBe(200);

    await he(page).click();
    await expectToast(page, 'Already Voted', "You've already voted on this story.");
    await expect(page.getByRole('region', { name: 'Results' })).toContainText(
      "You voted She's Right",
    );
    await expect(she(page)).toHaveAttribute('aria-pressed', 'true');
    await page.context().close();
  });

  test('when a visitor votes they sign up in a sheet over the story and the vote is cast in place', async ({
    page,
    clientIp,
  }) => {
    const story = await approvedStory(clientIp);
    await page.goto(`/story/${story.id}`);
    await expect(page.getByText(story.content)).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Sign in to join the conversation' }),
    ).toBeVisible();
    await she(page).click();
    const sheet = page.getByRole('dialog', { name: "Sign in to vote She's Right" });
    await expect(sheet).toBeVisible();
    await expect(page.getByText('Unauthorized')).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Sign up' }).click();
    await sheet.getByLabel('Email').fill(uniqueEmail('visitor'));
    await sheet.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await sheet.getByLabel('First name').fill('Robin');
    await sheet.getByRole('button', { name: 'Create Account' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
    await expect(page.getByRole('region', { name: 'Results' })).toContainText(
      "You voted She's Right",
    );
    await expect(page.getByText(story.content)).toBeVisible();
  });

  test('when a member uses the keyboard S votes and N moves to another story', async ({
    browser,
    clientIp,
  }, testInfo) => {
    const first = await approvedStory(clientIp, undefined, 'family');
    await approvedStory(clientIp, undefined, 'family');
    const page = await signedInPage(browser, clientIpFor(testInfo));
    await page.goto(`/story/${first.id}`);
    await expect(she(page)).toBeEnabled();

    await page.keyboard.press('s');
    await expectToast(page, 'Vote Recorded!', "You voted She's Right");
    await expect(she(page)).toHaveAttribute('aria-pressed', 'true');

    // Typing in the comment box is not a shortcut.
    await page.getByLabel('Your comment').fill('no shortcuts');
    await page.getByLabel('Your comment').press('n');
    await expect(page).toHaveURL(new RegExp(`${first.id}$`));
    await expect(page.getByLabel('Your comment')).toHaveValue('no shortcutsn');

    await page.getByLabel('Your comment').blur();
    await page.keyboard.press('n');
    await expect(page).toHaveURL(storyPath);
    await expect(page).not.toHaveURL(new RegExp(`${first.id}$`));
    await page.context().close();
  });

  test('when a visitor opens a random story and skips it they land on another story', async ({
    page,
    clientIp,
  }) => {
    await approvedStory(clientIp, undefined, 'lifestyle');
    await approvedStory(clientIp, undefined, 'lifestyle');

    const viewed = page.waitForRequest(
      (r) => r.url().endsWith('/track') && trackedAction(r) === 'view',
    );
    // The next story is drawn while this one is read, leaving this one out.
    const nextDrawn = page.waitForRequest((r) => r.url().includes('/api/stories/random?exclude='));
    await page.goto('/random');
    await expect(page).toHaveURL(storyPath);
    const firstId = storyPath.exec(page.url())?.[1];
    await viewed;
    expect((await nextDrawn).url()).toContain(`exclude=${firstId}`);

    const skipped = page.waitForRequest(
      (r) => r.url().endsWith(`/api/stories/${firstId}/track`) && trackedAction(r) === 'skip',
    );
    await page.getByRole('button', { name: 'Skip' }).click();
    await skipped;
    await expect(page).not.toHaveURL(new RegExp(`${firstId}$`));
    await expect(page).toHaveURL(storyPath);
    await expect(he(page)).toBeVisible();
  });

  test('when the story does not exist it says so and leads back to the stories', async ({
    page,
  }) => {
    await page.goto('/story/story_01ARZ3NDEKTSV4RRFFQ69G5FAV');
    await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
    await expect(
      page.getByText("The story you're looking for doesn't exist or has been removed."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Stories' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('when Copy URL is chosen the story link is on the clipboard', async ({
    page,
    context,
    clientIp,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    const story = await approvedStory(clientIp);
    await page.goto(`/story/${story.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Copy URL' }).click();
    await expectToast(page, 'Link Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseURL()}/story/${story.id}`);
  });

  test('when a story has more than 3 comments it shows 3 and expands the rest', async ({
    clientIp,
    browser,
  }, testInfo) => {
    const story = await approvedStory(clientIp, undefined, 'relationships');
    const commenter = await newAccount(clientIp, { firstName: 'Pat', lastName: 'Quinn' });
    for (const n of [1, 2, 3, 4, 5]) {
      const posted = await commenter.api.post(`/api/stories/${story.id}/comments`, {
        data: { content: `Comment number ${n}` },
      });
      expect(posted.status()).toBe(201);
    }
    await commenter.api.dispose();

    const page = await signedInPage(browser, clientIpFor(testInfo));
    await page.request.post(`/api/stories/${story.id}/vote`, { data: { vote: 'he' } });
    await page.goto(`/story/${story.id}`);
    const comments = page.getByRole('region', { name: /Comments/ });
    // The comments' own list: the region also holds the order tabs (a list of links).
    const items = comments.getByRole('list', { name: 'Comments' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('Comment number 1');
    await expect(items.first()).toContainText('Pat_Q');
    const upvote = items.first().getByRole('button', { name: '0 upvotes' });
    await upvote.click();
    await expect(items.first().getByRole('button', { name: '1 upvote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await comments.getByRole('button', { name: 'View 2 more comments' }).click();
    await expect(items).toHaveCount(5);
    await expect(comments.getByRole('list', { name: 'Comments' })).toHaveCSS('max-height', '384px');
    await page.context().close();
  });
});

test('when a member posts a comment on a phone the toast that says so leaves it in view', async ({
  clientIp,
  browser,
}, testInfo) => {
  const story = await approvedStory(clientIp, undefined, 'money');
  const page = await signedInPage(browser, clientIpFor(testInfo));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.request.post(`/api/stories/${story.id}/vote`, { data: { vote: 'she' } });
  await page.goto(`/story/${story.id}`);
  const comments = page.getByRole('region', { name: /Comments/ });
  await comments.getByLabel('Your comment').fill('Fair is fair: the trip money comes first.');
  await comments.getByRole('button', { name: 'Post Comment' }).click();
  await expectToast(
    page,
    'Comment Posted Successfully',
    'Your comment has been added and is now visible to others.',
  );
  const posted = comments
    .getByRole('list', { name: 'Comments' })
    .getByRole('listitem')
    .filter({ hasText: 'Fair is fair' });
  const toast = page.locator('[data-slot="toast"]').first();
  // The new comment is in view, above the toast (both measured in the viewport).
  await expect
    .poll(async () => {
      const [item, over] = [await posted.boundingBox(), await toast.boundingBox()];
      return item && over ? item.y >= 0 && item.y + item.height <= over.y : false;
    })
    .toBe(true);
  await page.context().close();
});

test.describe('story journey (own comment)', () => {
  test('when a member deletes their own comment and confirms it leaves the list', async ({
    browser,
    clientIp,
  }, testInfo) => {
    const story = await approvedStory(clientIp, undefined, 'other');
    const page = await signedInPage(browser, clientIpFor(testInfo));
    await page.request.post(`/api/stories/${story.id}/vote`, { data: { vote: 'she' } });
    await page.request.post(`/api/stories/${story.id}/comments`, {
      data: { content: 'Mine to delete' },
    });
    await page.goto(`/story/${story.id}`);
    const item = page.getByRole('listitem').filter({ hasText: 'Mine to delete' });
    await expect(item.getByRole('button', { name: '0 upvotes' })).toBeDisabled();
    await item.getByRole('button', { name: 'Delete comment' }).click();
    // It asks first: nothing is deleted by one stray tap.
    const confirm = page.getByRole('dialog', { name: 'Delete this comment?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Comment deleted');
    await expect(page.getByText('Mine to delete')).toHaveCount(0);
    await page.context().close();
  });
});
