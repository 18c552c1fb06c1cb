import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '#web/lib/query-client.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { RandomStoryRedirect } from '#web/features/stories/components/random-story-redirect.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

describe('random story screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when it is asking it says Finding a story for you...', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithApp(<RandomStoryRedirect exclude={null} />, { path: '/privacy' });
    expect(await screen.findByText('Finding a story for you...')).toBeInTheDocument();
  });

  it('when a story is drawn it goes to /story/{id}', async () => {
    const id = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/stories/random': { body: { id } } }).fetch);
    const { router } = renderWithApp(<RandomStoryRedirect exclude={null} />, { path: '/privacy' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/story/${id}`));
  });

  it('when a story was drawn a moment ago a new visit draws again instead of reusing it', async () => {
    const id = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const fetch = stubFetch({ 'GET /api/stories/random': { body: { id } } });
    vi.stubGlobal('fetch', fetch.fetch);
    const queryClient = createQueryClient();
    queryClient.setQueryData(storyKeys.random(null), 'story_01ARZ3NDEKTSV4RRFFQ69G5FAA');
    const { router } = renderWithApp(<RandomStoryRedirect exclude={null} />, {
      path: '/privacy',
      queryClient,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/story/${id}`));
    expect(fetch.calls.filter((c) => c.url.startsWith('/api/stories/random'))).toHaveLength(1);
  });

  it('when there is no story it falls back to the feed without retrying', async () => {
    const fetch = stubFetch({
      'GET /api/stories/random': { status: 404, body: { message: 'No story to show yet' } },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    const { router } = renderWithApp(<RandomStoryRedirect exclude={null} />, { path: '/privacy' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetch.calls.filter((c) => c.url.startsWith('/api/stories/random'))).toHaveLength(1);
  });

  it('when the viewer has seen every story it says so, focuses that, and offers the feed', async () => {
    const fetch = stubFetch({ 'GET /api/stories/random': { body: { id: null } } });
    vi.stubGlobal('fetch', fetch.fetch);
    const { router } = renderWithApp(
      <RandomStoryRedirect exclude="story_01ARZ3NDEKTSV4RRFFQ69G5FAV" />,
      { path: '/privacy' },
    );
    const heading = await screen.findByRole('heading', { name: "You've seen every story" });
    // The heading takes focus in an effect, which React may run just after the DOM shows it.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/privacy');
    expect(fetch.calls.map((c) => c.url)).toContain(
      '/api/stories/random?exclude=story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
    );
  });
});
