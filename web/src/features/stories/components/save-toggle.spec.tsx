import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SignInFirstProps } from '#web/features/stories/components/story-card.tsx';
import { resetViewTracking } from '#web/features/stories/hooks/use-view-tracking.ts';
import { storyView } from '#web/testing/story-view.ts';
import { renderStoryScreen, storyCardShown } from '#web/testing/story-screen.tsx';
import { stubFetch } from '#web/testing/test-utils.tsx';

const id = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const path = `/api/stories/${id}`;
const story = storyView({ id, content: 'He labels the leftovers with dates. I eat them anyway.' });

const toggle = () => screen.getByRole('button', { name: /^Save/ });
const saveCalls = (calls: Array<{ method: string; url: string }>) =>
  calls.filter((c) => c.url.endsWith('/saved')).map((c) => `${c.method} ${c.url}`);

const renderStory = (props: Parameters<typeof renderStoryScreen>[1] = {}) =>
  renderStoryScreen(id, props);

describe('saving a story', () => {
  beforeEach(() => {
    resetViewTracking();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the member taps Save it says Saved at once, and a second tap unsaves it', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: story },
      [`PUT ${path}/saved`]: { body: { saved: true } },
      [`DELETE ${path}/saved`]: { body: { saved: false } },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    renderStory();
    const user = userEvent.setup();
    await storyCardShown();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(toggle()).toHaveAccessibleName('Save');
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(toggle()).toHaveAccessibleName('Saved');
    await waitFor(() => expect(saveCalls(fetch.calls)).toEqual([`PUT ${path}/saved`]));
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(saveCalls(fetch.calls)).toEqual([`PUT ${path}/saved`, `DELETE ${path}/saved`]),
    );
  });

  it('when saving fails the toggle goes back and a toast says so', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`PUT ${path}/saved`]: {
          status: 404,
          body: { message: 'Story not found', code: 'not_found' },
        },
      }).fetch,
    );
    renderStory();
    await storyCardShown();
    await userEvent.setup().click(toggle());
    await waitFor(() =>
      expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent('Error'),
    );
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it('when a visitor taps Save the sign-in sheet asks them to sign in, then the story is saved', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: story },
      [`PUT ${path}/saved`]: { body: { saved: true } },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    const signInFirst = ({ title, description, onSignedIn }: SignInFirstProps) => (
      <div role="dialog" aria-label="Sign in">
        {title}. {description}
        <button onClick={onSignedIn}>Pretend to sign in</button>
      </div>
    );
    renderStory({ signInFirst });
    const user = userEvent.setup();
    await storyCardShown();
    await user.click(toggle());
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toHaveTextContent(
      'Sign in to save. The story is saved to your profile as soon as you are in.',
    );
    expect(saveCalls(fetch.calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pretend to sign in' }));
    await waitFor(() => expect(saveCalls(fetch.calls)).toEqual([`PUT ${path}/saved`]));
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
  });

  it('when the member is banned Save is disabled', async () => {
    vi.stubGlobal('fetch', stubFetch({ [`GET ${path}`]: { body: story } }).fetch);
    renderStory({ banned: true });
    await storyCardShown();
    expect(toggle()).toBeDisabled();
  });
});
