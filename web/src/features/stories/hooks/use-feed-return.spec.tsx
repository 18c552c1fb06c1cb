import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { BackToStoriesLink } from '#web/features/stories/components/back-to-stories-link.tsx';
import {
  forgetFeedPlace,
  useRememberFeedPlace,
} from '#web/features/stories/hooks/use-feed-return.ts';
import { renderWithApp } from '#web/testing/test-utils.tsx';

/** As in the app: the feed remembers its place; a story screen shows the way back to it. */
function FeedOrStory() {
  useRememberFeedPlace();
  return useLocation().pathname.startsWith('/story/') ? <BackToStoriesLink /> : null;
}

const renderAt = (path: string) => renderWithApp(<FeedOrStory />, { path }).router;

describe('back to stories', () => {
  afterEach(() => {
    forgetFeedPlace();
  });

  it('when a reader came from a sorted feed through several stories it goes back to that feed entry, like Back', async () => {
    const router = renderAt('/?sort=votes&category=money');
    expect(await screen.findByTestId('page')).toHaveTextContent('/');
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
