import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CommentsSection } from '#web/features/comments/components/comments-section.tsx';
import { goOffline, goOnline } from '#web/testing/connection.ts';
import { renderWithApp, requestUrl } from '#web/testing/test-utils.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const postUrl = `/api/stories/${storyId}/comments`;
const waitingText = "You're offline. Your comment will be posted when you're back online.";

const posted = {
  id: 'comment_9',
  content: 'My take',
  createdAt: new Date().toISOString(),
  upvotes: 0,
  downvotes: 0,
  author: { id: 'user_9', username: 'me', firstName: null, lastName: null, profileImageUrl: null },
  isOwn: true,
  myVote: null,
  side: null,
  parentId: null,
  replyCount: 0,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API: an empty list, and the post answered by `answers` in turn (an Error: no answer). */
function api(...answers: Array<Response | Error>) {
  const posts: Array<{ body: string; key: string | undefined }> = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST' || requestUrl(input) !== postUrl) return Promise.resolve(json([]));
    const headers = init.headers as Record<string, string> | undefined;
    posts.push({ body: init.body as string, key: headers?.['Idempotency-Key'] });
    const answer = answers.shift() ?? new Error('no more answers');
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
  return posts;
}

async function type(text: string) {
  const user = userEvent.setup();
  renderWithApp(<CommentsSection storyId={storyId} signedIn />);
  expect(await screen.findByText(/No comments yet/)).toBeInTheDocument();
  await user.type(screen.getByLabelText('Your comment'), text);
  return user;
}

describe('comments section offline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the member posts while offline it keeps the text, says so, and posts it once back online', async () => {
    const posts = api(json(posted, 201));
    const user = await type('My take');
    goOffline();
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));

    expect(await screen.findByRole('status')).toHaveTextContent(waitingText);
    expect(screen.getByRole('button', { name: 'Waiting for connection...' })).toBeDisabled();
    expect(screen.getByLabelText('Your comment')).toHaveValue('My take');
    expect(posts).toHaveLength(0);

    goOnline();
    expect(await screen.findByText('My take', { selector: 'p' })).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
    expect(screen.queryByText(waitingText)).not.toBeInTheDocument();
  });

  it('when the post gets no answer it waits, then sends it again with the same Idempotency-Key', async () => {
    const posts = api(new TypeError('Failed to fetch'), json(posted, 201));
    const user = await type('My take');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));

    expect(await screen.findByRole('status')).toHaveTextContent(waitingText);
    expect(document.querySelector('[data-slot="toast-title"]')).not.toBeInTheDocument();

    goOnline();
    expect(await screen.findByText('My take', { selector: 'p' })).toBeInTheDocument();
    expect(posts).toHaveLength(2);
    expect(posts[1]).toEqual(posts[0]);
    expect(posts[0]?.key).toBeTruthy();
  });

  it('when the member cancels a waiting comment it is not posted and the text can be edited', async () => {
    const posts = api(json(posted, 201));
    const user = await type('My take');
    goOffline();
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(screen.queryByText(waitingText)).not.toBeInTheDocument();
    goOnline();
    await user.type(screen.getByLabelText('Your comment'), '!');
    expect(screen.getByLabelText('Your comment')).toHaveValue('My take!');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post Comment' })).toBeEnabled());
    expect(posts).toHaveLength(0);
  });
});
