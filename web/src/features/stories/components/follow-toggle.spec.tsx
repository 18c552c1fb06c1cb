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
const content = 'He labels the leftovers with dates. I eat them anyway.';
const voted = storyView({ id, content, myVote: 'she' });

const toggle = () => screen.getByRole('button', { name: /^Follow/ });
const followCalls = (calls: Array<{ method: string; url: string }>) =>
  calls.filter((c) => c.url.endsWith('/follow')).map((c) => `${c.method} ${c.url}`);

const renderStory = (props: Parameters<typeof renderStoryScreen>[1] = {}) =>
  renderStoryScreen(id, props);

describe('following a story', () => {
  beforeEach(() => {
    resetViewTracking();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when a member who voted taps Follow it says Following at once, and a second tap unfollows', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: voted },
      [`PUT ${path}/follow`]: { body: { following: true } },
      [`DELETE ${path}/follow`]: { body: { following: false } },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    renderStory();
    const user = userEvent.setup();
    await storyCardShown();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(toggle()).toHaveAccessibleName('Follow');
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(toggle()).toHaveAccessibleName('Following');
    await waitFor(() => expect(followCalls(fetch.calls)).toEqual([`PUT ${path}/follow`]));
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(followCalls(fetch.calls)).toEqual([`PUT ${path}/follow`, `DELETE ${path}/follow`]),
    );
  });

  it('when following fails the toggle goes back and a toast says so', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: voted },
        [`PUT ${path}/follow`]: {
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
    expect(toggle()).toHaveAccessibleName('Follow');
  });

  it('when the author reads their approved story it says Following, and Follow sits beside Save', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: { ...voted, myVote: null, isOwn: true, following: true } },
      }).fetch,
    );
    renderStory();
    await storyCardShown();
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(toggle()).toHaveAccessibleName('Following');
    expect(toggle().nextElementSibling).toBe(screen.getByRole('button', { name: /^Save/ }));
  });

  it('when a member has not voted on the story, nor wrote or follows it, it offers no Follow', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ [`GET ${path}`]: { body: { ...voted, myVote: null } } }).fetch,
    );
    renderStory();
    await storyCardShown();
    expect(screen.getByRole('button', { name: /^Save/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
  });

  it('when a visitor taps Follow the sign-in sheet asks them to sign in, then the story is followed', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: { ...voted, myVote: null } },
      [`PUT ${path}/follow`]: { body: { following: true } },
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
      'Sign in to follow. You follow the story as soon as you are in',
    );
    expect(followCalls(fetch.calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pretend to sign in' }));
    await waitFor(() => expect(followCalls(fetch.calls)).toEqual([`PUT ${path}/follow`]));
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
  });

  it('when the member is banned Follow is disabled', async () => {
    vi.stubGlobal('fetch', stubFetch({ [`GET ${path}`]: { body: voted } }).fetch);
    renderStory({ banned: true });
    await storyCardShown();
    expect(toggle()).toBeDisabled();
  });
});
