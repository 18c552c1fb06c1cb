import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';

import {
  forgetFeedPlace,
  useBackToFeed,
  useRememberFeedPlace,
} from '#web/features/stories/hooks/use-feed-return.ts';

function Feed() {
  useRememberFeedPlace();
  return <p>The feed</p>;
}

function Story() {
  const back = useBackToFeed();
  return (
    <a
      href={back.href}
      onClick={(event) => {
        event.preventDefault();
        back.go();
      }}
    >
      Back to stories
    </a>
  );
}

function renderAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: Feed }),
      createRoute({ getParentRoute: () => root, path: '/story/$id', component: Story }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('back to stories', () => {
  afterEach(() => {
    forgetFeedPlace();
  });

  it('when a reader came from a sorted feed through several stories it goes back to that feed entry, like Back', async () => {
    const router = renderAt('/?sort=votes&category=money');
    expect(await screen.findByText('The feed')).toBeInTheDocument();
    await act(() => router.navigate({ to: '/story/$id', params: { id: 'story_a' } }));
    await act(() => router.navigate({ to: '/story/$id', params: { id: 'story_b' } }));
    const link = await screen.findByRole('link', { name: 'Back to stories' });
    expect(link).toHaveAttribute('href', '/?sort=votes&category=money');
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.href).toBe('/?sort=votes&category=money'));
    // Back through the history, not a new entry: nothing is left behind the feed to go back to.
    expect(router.history.canGoBack()).toBe(false);
  });

  it('when a story was opened directly it links to the home feed', async () => {
    const router = renderAt('/story/story_a');
    const link = await screen.findByRole('link', { name: 'Back to stories' });
    expect(link).toHaveAttribute('href', '/');
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.href).toBe('/'));
  });
});
