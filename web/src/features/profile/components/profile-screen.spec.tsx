import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ProfileScreen } from '#web/features/profile/components/profile-screen.tsx';
import { currentUserFixture } from '#web/testing/current-user.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const user = currentUserFixture({
  id: 'user_01ARZ3NDEKTSV4RRFFQ69G5FAV',
  username: null,
  firstName: 'Robin',
  lastName: 'Hale',
  email: 'robin@example.com',
});
const stats = { storiesSubmitted: 1, commentsPosted: 0, votesGiven: 4 };
const rejected = {
  id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
  content: 'She named the cat after her ex.',
  category: 'relationships',
  status: 'rejected',
  createdAt: '2026-01-02T00:00:00.000Z',
  heVotes: 0,
  sheVotes: 0,
  commentCount: 0,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
  moderationReason: 'Please leave out names.',
  resubmittable: true,
};
const emptyPage = { items: [], nextCursor: null };

function render(routes: Parameters<typeof stubFetch>[0] = {}, path = '/profile') {
  const api = stubFetch({
    'GET /api/users/stats': { body: stats },
    'GET /api/users/stories': { body: { items: [rejected], nextCursor: null } },
    'GET /api/users/comments': { body: emptyPage },
    'GET /api/users/saved': { body: emptyPage },
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetch);
  const onUpdated = vi.fn();
  renderWithApp(<ProfileScreen user={user} onUpdated={onUpdated} />, { path });
  return { api, onUpdated, actor: userEvent.setup() };
}

describe('profile screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when it renders it shows the name, e-mail, counters and stories with the moderator note', async () => {
    render();
    expect(
      await screen.findByRole('heading', { name: 'Robin Hale', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('robin@example.com')).toBeInTheDocument();
    const stories = await screen.findByRole('list', { name: 'My stories' });
    expect(within(stories).getByText('rejected')).toBeInTheDocument();
    expect(within(stories).getByText('Please leave out names.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('4')).toBeInTheDocument());
  });

  it("when the address names a story's card (a notification about it) that card is focused and marked", async () => {
    render({}, `/profile#story-${rejected.id}`);
    const stories = await screen.findByRole('list', { name: 'My stories' });
    const card = within(stories).getByRole('article');
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveClass('ring-2');
    expect(within(card).getByText('Please leave out names.')).toBeInTheDocument();
  });

  it('when the member has a username the avatar shows the initials of that shown name', async () => {
    const api = stubFetch({
      'GET /api/users/stats': { body: stats },
      'GET /api/users/stories': { body: emptyPage },
      'GET /api/users/comments': { body: emptyPage },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ProfileScreen user={{ ...user, username: 'rh' }} onUpdated={vi.fn()} />, {
      path: '/profile',
    });
    expect(await screen.findByRole('heading', { name: 'rh', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('R')).toBeInTheDocument();
    expect(screen.queryByText('RH')).not.toBeInTheDocument();
  });

  it('when the author’s stories show, each card counts its reactions, zeros included', async () => {
    const reacted = {
      ...rejected,
      id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAW',
      content: 'He reads my messages.',
      reactions: { relatable: 0, lol: 2, wtf: 0 },
    };
    render({
      'GET /api/users/stories': { body: { items: [rejected, reacted], nextCursor: null } },
    });
    const stories = await screen.findByRole('list', { name: 'My stories' });
    const [quiet, loud] = within(stories).getAllByRole('article');
    expect(within(quiet!).getByText('Relatable 0')).toBeInTheDocument();
    expect(within(quiet!).getByText('WTF 0')).toBeInTheDocument();
    expect(within(loud!).getByText('LOL 2')).toBeInTheDocument();
    expect(within(loud!).getByText('Relatable 0')).toBeInTheDocument();
  });

  it('when the e-mail is not verified it shows the reminder with a way to get a new link', async () => {
    const api = stubFetch({
      'GET /api/users/stats': { body: stats },
      'GET /api/users/stories': { body: emptyPage },
      'GET /api/users/comments': { body: emptyPage },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ProfileScreen user={{ ...user, emailVerified: false }} onUpdated={vi.fn()} />, {
      path: '/profile',
    });
    const notice = await screen.findByTestId('verify-email-notice');
    expect(notice).toHaveTextContent('Check your inbox to verify your e-mail. Send a new link');
    expect(within(notice).getByRole('button', { name: 'Send a new link' })).toBeEnabled();
  });

  it('when there is nothing yet each tab says so', async () => {
    const { actor } = render({ 'GET /api/users/stories': { body: emptyPage } });
    expect(await screen.findByText("You haven't submitted any stories yet.")).toBeInTheDocument();
    await actor.click(screen.getByRole('tab', { name: 'My Comments' }));
    expect(await screen.findByText("You haven't posted any comments yet.")).toBeInTheDocument();
    await actor.click(screen.getByRole('tab', { name: 'Saved' }));
    expect(
      await screen.findByText('No saved stories yet. Tap Save on a story to keep it here.'),
    ).toBeInTheDocument();
  });

  it('when the member saved stories the Saved tab lists them, each a link with when it was saved', async () => {
    const saved = {
      ...rejected,
      id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAX',
      status: 'approved',
      content: 'She reads the last page of every book first.',
      verdict: null,
      savedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    };
    const { actor } = render({
      'GET /api/users/saved': { body: { items: [saved], nextCursor: null } },
    });
    await actor.click(await screen.findByRole('tab', { name: 'Saved' }));
    const link = await screen.findByRole('link', { name: saved.content });
    expect(link).toHaveAttribute('href', `/story/${saved.id}`);
    expect(link.closest('article')).toHaveTextContent(/Saved 2 hours ago/);
  });

  it('when the profile is edited it sends trimmed values, leaves empty ones out and keeps a refusal in the dialog', async () => {
    const { api, actor, onUpdated } = render({
      'PATCH /api/users/profile': {
        status: 409,
        body: { message: 'That username is taken. Please choose another one.', code: 'conflict' },
      },
    });
    await actor.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await actor.type(within(dialog).getByLabelText('Username'), '  robin_h  ');
    await actor.click(within(dialog).getByRole('button', { name: 'Update Profile' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That username is taken');
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(patch!.body)).toEqual({ username: 'robin_h' });
    expect(onUpdated).not.toHaveBeenCalled();
  });
});
