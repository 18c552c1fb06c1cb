import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DashboardScreen } from '#web/features/dashboard/components/dashboard-screen.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const story = {
  id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
  content: 'She says the rent should follow our pay. '.repeat(7),
  category: 'money',
  status: 'approved',
  createdAt: '2026-01-02T00:00:00.000Z',
  heVotes: 3,
  sheVotes: 1,
  commentCount: 2,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
  totalVotes: 4,
  votingScore: 50,
};

function render(answer: { status?: number; body?: unknown }) {
  vi.stubGlobal('fetch', stubFetch({ 'GET /api/dashboard/stories': answer }).fetch);
  renderWithApp(<DashboardScreen />, { path: '/dashboard' });
}

describe('dashboard screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when stories load each card shows the excerpt cut at a word with an ellipsis, the split, the verdict and a link to open it', async () => {
    render({ body: { items: [story], nextCursor: null } });
    const list = await screen.findByRole('list', { name: 'Published stories' });
    expect(
      within(list).getByText(
        `${'She says the rent should follow our pay. '.repeat(4)}She says the rent should follow our…`,
      ),
    ).toBeInTheDocument();
    expect(within(list).getByText('Strong He (75% He / 25% She)')).toBeInTheDocument();
    expect(within(list).getByText(`/story/${story.id}`)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Open/ })).toHaveAttribute('target', '_blank');
  });

  it('when a story has no votes yet it says "No votes yet" instead of a 0% tie', async () => {
    render({
      body: {
        items: [{ ...story, heVotes: 0, sheVotes: 0, totalVotes: 0, votingScore: 0 }],
        nextCursor: null,
      },
    });
    const list = await screen.findByRole('list', { name: 'Published stories' });
    expect(within(list).getByText('No votes yet')).toBeInTheDocument();
    expect(within(list).queryByText(/Tied/)).not.toBeInTheDocument();
  });

  it('when there are none it says so', async () => {
    render({ body: { items: [], nextCursor: null } });
    expect(await screen.findByText('No published stories found')).toBeInTheDocument();
  });

  it('when loading fails it says so', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/dashboard/stories': { status: 500, body: { message: 'Oops', code: 'internal' } },
      }).fetch,
    );
    // No retries here: the app's two retries with backoff would only slow the spec down.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithApp(<DashboardScreen />, { path: '/dashboard', queryClient });
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
  });

  it('while loading it shows five skeleton cards', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderWithApp(<DashboardScreen />, { path: '/dashboard' });
    const loading = await screen.findByRole('status', { name: 'Loading published stories' });
    expect(loading.children).toHaveLength(5);
  });
});
