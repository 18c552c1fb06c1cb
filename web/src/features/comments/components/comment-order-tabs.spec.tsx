import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CommentsSection } from '#web/features/comments/components/comments-section.tsx';
import { commentFixture } from '#web/testing/comment.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const listPath = `GET /api/stories/${storyId}/comments`;

/** Comment `n` of three, posted `10 - n` hours ago, with `upvotes`. */
const comment = (n: number, upvotes: number) =>
  commentFixture(n, {
    upvotes,
    createdAt: new Date(Date.now() - (10 - n) * 3600_000).toISOString(),
  });
const three = [comment(1, 0), comment(2, 5), comment(3, 2)];

async function shownContents() {
  const list = await screen.findByRole('list', { name: 'Comments' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getByText(/^Comment \d$/).textContent);
}

describe('comment order', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when there is one comment no order is offered', async () => {
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: [comment(1, 0)] } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    await screen.findByRole('list', { name: 'Comments' });
    expect(screen.queryByRole('navigation', { name: 'Sort comments' })).not.toBeInTheDocument();
  });

  it('when the order is the default the comments are oldest first and the tabs link to the others', async () => {
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: three } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    expect(await shownContents()).toEqual(['Comment 1', 'Comment 2', 'Comment 3']);
    const tabs = screen.getByRole('navigation', { name: 'Sort comments' });
    expect(within(tabs).getByRole('link', { name: 'Oldest' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Top' })).toHaveAttribute(
      'href',
      `/story/${storyId}?comments=top`,
    );
    expect(within(tabs).getByRole('link', { name: 'Newest' })).toHaveAttribute(
      'href',
      `/story/${storyId}?comments=newest`,
    );
  });

  it.each([
    ['top', ['Comment 2', 'Comment 3', 'Comment 1']],
    ['newest', ['Comment 3', 'Comment 2', 'Comment 1']],
  ] as const)('when the order is %s the comments follow it', async (order, expected) => {
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: three } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn order={order} />);
    expect(await shownContents()).toEqual(expected);
    expect(screen.getByRole('link', { name: order === 'top' ? 'Top' : 'Newest' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('when a vote under Top lifts a comment past another it stays where it was until the list changes', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [listPath]: { body: three },
        'POST /api/comments/comment_1/vote': {
          body: { id: 'comment_1', upvotes: 9, downvotes: 0, myVote: 'up' },
        },
      }).fetch,
    );
    renderWithApp(<CommentsSection storyId={storyId} signedIn order="top" />);
    expect(await shownContents()).toEqual(['Comment 2', 'Comment 3', 'Comment 1']);
    await userEvent.setup().click(screen.getByRole('button', { name: '0 upvotes' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '9 upvotes' })).toBeInTheDocument(),
    );
    expect(await shownContents()).toEqual(['Comment 2', 'Comment 3', 'Comment 1']);
  });
});
