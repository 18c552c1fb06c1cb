import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CommentsSection } from '#web/features/comments/components/comments-section.tsx';
import { commentFixture as comment } from '#web/testing/comment.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const listPath = `GET /api/stories/${storyId}/comments`;
const postPath = `POST /api/stories/${storyId}/comments`;

/** Comment `n` by a member named `name` (their username). */
const by = (n: number, name: string, overrides: Parameters<typeof comment>[1] = {}) =>
  comment(n, {
    author: {
      id: `user_${n}`,
      username: name,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
    },
    ...overrides,
  });

describe('replies in the comments section', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the member replies the box says whom it answers, posts the parent, and the reply shows under it', async () => {
    const reply = by(9, 'me', { content: 'Fair point', parentId: 'comment_1', isOwn: true });
    const api = stubFetch({
      [listPath]: { body: [by(1, 'cleo')] },
      [postPath]: { status: 201, body: reply },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Reply to cleo' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const box = screen.getByRole('textbox', { name: 'Reply to cleo' });
    expect(box).toHaveFocus();
    await user.type(box, 'Fair point');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    const replies = await screen.findByRole('list', { name: 'Replies to cleo' });
    expect(within(replies).getByText('Fair point')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply to cleo' })).not.toBeInTheDocument();
    const sent = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(sent!.body)).toEqual({ content: 'Fair point', parentId: 'comment_1' });
    // The story's own box is untouched.
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
  });

  it('when the member cancels or presses Escape the reply box closes without posting', async () => {
    const api = stubFetch({ [listPath]: { body: [by(1, 'cleo')] } });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reply to cleo' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Reply to cleo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reply to cleo' }));
    await user.type(screen.getByRole('textbox', { name: 'Reply to cleo' }), 'Hm{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Reply to cleo' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('when a comment has more than two replies it shows two and "View N more replies"', async () => {
    const replies = [2, 3, 4, 5].map((n) => by(n, `r${n}`, { parentId: 'comment_1' }));
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: [by(1, 'cleo'), ...replies] } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const list = await screen.findByRole('list', { name: 'Replies to cleo' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'View 2 more replies' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /more repl/ })).not.toBeInTheDocument();
  });

  it('when replies go deeper than three levels they stay at the third and say whom they reply to', async () => {
    const body = [
      by(1, 'ann'),
      by(2, 'ben', { parentId: 'comment_1' }),
      by(3, 'cat', { parentId: 'comment_2' }),
      by(4, 'dan', { parentId: 'comment_3' }),
    ];
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const third = await screen.findByRole('list', { name: 'Replies to ben' });
    const items = within(third).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByText('replying to cat')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Replies to cat' })).not.toBeInTheDocument();
  });

  it('when a comment with replies was deleted it shows "[deleted]" with its replies under it, and nobody can reply to it', async () => {
    const gone = comment(1, { deleted: true, content: '[deleted]', replyCount: 1 });
    const body = [gone, by(2, 'ben', { parentId: 'comment_1', content: 'Still here' })];
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const replies = await screen.findByRole('list', { name: 'Replies to [deleted]' });
    expect(within(replies).getByText('Still here')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Reply to/ })).toHaveLength(1);
    expect(screen.getByText('(1)')).toBeInTheDocument();
  });

  it('when there are more than three comments on the story replies do not count toward the first three', async () => {
    const body = [
      by(1, 'a'),
      by(2, 'b', { parentId: 'comment_1' }),
      by(3, 'c'),
      by(4, 'd'),
      by(5, 'e'),
    ];
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    expect(await screen.findByRole('button', { name: 'View 1 more comment' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Replies to a' })).toBeInTheDocument();
    expect(screen.queryByText('Comment 5')).not.toBeInTheDocument();
  });

  it('when a visitor reads the thread there is no Reply', async () => {
    const body = [by(1, 'a'), by(2, 'b', { parentId: 'comment_1' })];
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn={false} />);
    await screen.findByRole('list', { name: 'Replies to a' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull());
  });
});

describe("the story's author in the thread", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const anonymous = {
    id: '',
    username: null,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
  };

  it('when the story’s author commented they show as the Author badge, without side, and replies say "Reply to Author"', async () => {
    const byAuthor = comment(1, { byStoryAuthor: true, author: anonymous, side: 'he' });
    const body = [byAuthor, by(2, 'ben', { parentId: 'comment_1', side: 'she' })];
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const items = within(await screen.findByRole('list', { name: 'Comments' })).getAllByRole(
      'listitem',
    );
    expect(within(items[0]!).getByTitle('Wrote this story')).toHaveTextContent('Author');
    expect(within(items[0]!).getAllByTitle(/^Voted/)).toHaveLength(1);
    expect(within(items[1]!).getByTitle("Voted She's Right")).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Replies to Author' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reply to Author' })).toBeInTheDocument();
  });

  it('when an admin reads it the badge is followed by the name the admin is sent', async () => {
    const byAuthor = comment(1, { byStoryAuthor: true });
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: [byAuthor] } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    expect(await screen.findByTitle('Wrote this story')).toHaveTextContent('Author');
    expect(screen.getByText('Pat_Q')).toBeInTheDocument();
  });
});
