import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CommentsSection } from '#web/features/comments/components/comments-section.tsx';
import { commentFixture } from '#web/testing/comment.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const listPath = `GET /api/stories/${storyId}/comments`;

const comment = commentFixture;

const toastTitle = (text: string) =>
  waitFor(() =>
    expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(text),
  );
const toastDescription = (text: string) =>
  expect(document.querySelector('[data-slot="toast-description"]')).toHaveTextContent(text);

describe('comments section', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when there are more than 3 comments it shows 3 and a button for the rest', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ [listPath]: { body: [1, 2, 3, 4, 5].map((n) => comment(n)) } }).fetch,
    );
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(list).toHaveStyle({ maxHeight: '24rem' });
    expect(within(list).getAllByText('Pat_Q')).toHaveLength(3);
    expect(within(list).getAllByText('2 hours ago')).toHaveLength(3);
    await userEvent.setup().click(screen.getByRole('button', { name: 'View 2 more comments' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /more comments/ })).not.toBeInTheDocument();
  });

  it('when exactly one comment is hidden the button says "View 1 more comment"', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ [listPath]: { body: [1, 2, 3, 4].map((n) => comment(n)) } }).fetch,
    );
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    expect(await screen.findByRole('button', { name: 'View 1 more comment' })).toBeInTheDocument();
  });

  it("when a comment's author is shown as Pat_Q the avatar shows that name's initials", async () => {
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: [comment(1)] } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const item = within(await screen.findByRole('list', { name: 'Comments' })).getByRole(
      'listitem',
    );
    expect(within(item).getByText('Pat_Q')).toBeInTheDocument();
    expect(within(item).getByText('PQ')).toBeInTheDocument();
  });

  it("shows each commenter's side beside their name, and none for one without a side", async () => {
    const body = [comment(1, { side: 'he' }), comment(2, { side: 'she' }), comment(3)];
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const items = within(await screen.findByRole('list', { name: 'Comments' })).getAllByRole(
      'listitem',
    );
    expect(within(items[0]!).getByTitle("Voted He's Right")).toHaveTextContent("voted He's Right");
    expect(within(items[1]!).getByTitle("Voted She's Right")).toHaveTextContent(
      "voted She's Right",
    );
    expect(within(items[2]!).queryByTitle(/^Voted/)).not.toBeInTheDocument();
  });

  it('when a comment shows its vote counts each vote button is named starting with its count', async () => {
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: [comment(3)] } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const up = await screen.findByRole('button', { name: '3 upvotes' });
    const down = screen.getByRole('button', { name: '0 downvotes' });
    for (const button of [up, down]) {
      const shown = button.textContent ?? '';
      expect(shown).toMatch(/^\d+$/);
      expect(button).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${shown} `)));
    }
  });

  it('when a visitor reads it invites them to sign in and disables the votes', async () => {
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: [comment(1)] } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn={false} />);
    expect(
      await screen.findByRole('link', { name: 'Sign in to join the conversation' }),
    ).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '1 upvote' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '0 downvotes' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
  });

  it('when a comment holds markup it is shown as text', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ [listPath]: { body: [comment(1, { content: '<img src=x onerror=alert(1)>' })] } })
        .fetch,
    );
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('when the member votes a comment up the counts and pressed state follow the server', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [listPath]: { body: [comment(1)] },
        'POST /api/comments/comment_1/vote': {
          body: { id: 'comment_1', upvotes: 2, downvotes: 0, myVote: 'up' },
        },
      }).fetch,
    );
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    await userEvent.setup().click(await screen.findByRole('button', { name: '1 upvote' }));
    expect(await screen.findByRole('button', { name: '2 upvotes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('when the member clicks their upvote again it is withdrawn and the comment is neutral', async () => {
    const api = stubFetch({
      [listPath]: { body: [comment(1, { upvotes: 2, myVote: 'up' })] },
      'DELETE /api/comments/comment_1/vote': {
        body: { id: 'comment_1', upvotes: 1, downvotes: 0, myVote: null },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const upvote = await screen.findByRole('button', { name: /upvote/i });
    expect(upvote).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(upvote);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /upvote/i })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(screen.getByRole('button', { name: /upvote/i })).toHaveTextContent('1');
    expect(api.calls.filter((c) => c.url === '/api/comments/comment_1/vote')).toEqual([
      { method: 'DELETE', url: '/api/comments/comment_1/vote', body: '' },
    ]);
  });

  it('when the member posts it shows Posting..., then the toast and the new comment', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const own = comment(9, { content: 'My take', isOwn: true });
    const base = stubFetch({ [listPath]: { body: [] } });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        await gate;
        return new Response(JSON.stringify(own), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }
      return base.fetch(input, init);
    });
    const onChanged = vi.fn();
    renderWithApp(<CommentsSection storyId={storyId} signedIn onChanged={onChanged} />);
    const user = userEvent.setup();
    expect(await screen.findByText(/No comments yet/)).toBeInTheDocument();
    const post = screen.getByRole('button', { name: 'Post Comment' });
    expect(post).toBeDisabled();
    await user.type(screen.getByLabelText('Your comment'), '   ');
    expect(post).toBeDisabled();
    await user.type(screen.getByLabelText('Your comment'), 'My take');
    await user.click(post);
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
    release();
    await toastTitle('Comment Posted Successfully');
    toastDescription('Your comment has been added and is now visible to others.');
    expect(await screen.findByText('My take')).toBeInTheDocument();
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
    expect(screen.getByRole('button', { name: '9 upvotes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('when a rule holds the member’s comment it says so and shows it to them awaiting review', async () => {
    const held = comment(9, { content: 'My take', isOwn: true, awaitingReview: true });
    const api = stubFetch({
      [listPath]: { body: [] },
      [`POST /api/stories/${storyId}/comments`]: { status: 201, body: held },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your comment'), 'My take');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await toastTitle('Comment Awaiting Review');
    toastDescription('A moderator will look at it before others can see it.');
    expect(await screen.findByText('Awaiting review')).toBeInTheDocument();
    expect(screen.getByText('My take')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
  });

  it('when a member deletes their own comment it asks first; Cancel keeps it, Delete removes it', async () => {
    const api = stubFetch({
      [listPath]: { body: [comment(1, { isOwn: true })] },
      'DELETE /api/comments/comment_1': { status: 204 },
    });
    vi.stubGlobal('fetch', api.fetch);
    const onChanged = vi.fn();
    renderWithApp(<CommentsSection storyId={storyId} signedIn onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByText('Comment 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Comment 1')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await toastTitle('Comment deleted');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('when posting or deleting fails it toasts the fixed failure messages', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [listPath]: { body: [comment(1, { isOwn: true })] },
        [`POST /api/stories/${storyId}/comments`]: { status: 500, body: { message: 'boom' } },
        'DELETE /api/comments/comment_1': { status: 500, body: { message: 'boom' } },
      }).fetch,
    );
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await toastTitle('Error');
    toastDescription('Failed to post comment. Please try again.');
    expect(screen.getByLabelText('Your comment')).toHaveValue('Hello');

    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this comment?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await toastTitle('Delete Failed');
    toastDescription('Failed to delete comment. Please try again.');
    expect(screen.getByText('Comment 1')).toBeInTheDocument();
  });
});
