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
const story = storyView({
  id,
  content: 'She thinks towels should be folded in thirds. I roll them.',
  reactions: { relatable: 4, lol: 1, wtf: 0 },
  myReactions: ['relatable'],
});

const chip = (name: RegExp) => screen.getByRole('button', { name });
const reactionCalls = (calls: Array<{ method: string; url: string }>) =>
  calls.filter((c) => c.url.includes('/reactions/')).map((c) => `${c.method} ${c.url}`);

const renderStory = (props: Parameters<typeof renderStoryScreen>[1] = {}) =>
  renderStoryScreen(id, props);

describe('reactions under a story', () => {
  beforeEach(() => {
    resetViewTracking();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the story shows, the chips show their counts and the member’s own are pressed', async () => {
    vi.stubGlobal('fetch', stubFetch({ [`GET ${path}`]: { body: story } }).fetch);
    renderStory();
    await storyCardShown();
    expect(screen.getByRole('group', { name: 'Reactions' })).toBeInTheDocument();
    expect(chip(/^Relatable 4$/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^LOL 1$/)).toHaveAttribute('aria-pressed', 'false');
    expect(chip(/^WTF 0$/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('when the member taps a chip it is given at once; a second tap withdraws it', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: story },
      [`PUT ${path}/reactions/lol`]: { body: { relatable: 4, lol: 2, wtf: 0 } },
      [`DELETE ${path}/reactions/relatable`]: { body: { relatable: 3, lol: 2, wtf: 0 } },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    renderStory();
    const user = userEvent.setup();
    await storyCardShown();
    await user.click(chip(/^LOL/));
    expect(chip(/^LOL/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^LOL/)).toHaveAccessibleName('LOL 2');
    await user.click(chip(/^Relatable/));
    expect(chip(/^Relatable/)).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(chip(/^Relatable/)).toHaveAccessibleName('Relatable 3'));
    await waitFor(() =>
      expect(reactionCalls(fetch.calls)).toEqual([
        `PUT ${path}/reactions/lol`,
        `DELETE ${path}/reactions/relatable`,
      ]),
    );
  });

  it('when giving a reaction fails the chip goes back and a toast says so', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`PUT ${path}/reactions/wtf`]: {
          status: 404,
          body: { message: 'Story not found', code: 'not_found' },
        },
      }).fetch,
    );
    renderStory();
    await storyCardShown();
    await userEvent.setup().click(chip(/^WTF/));
    await waitFor(() =>
      expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent('Error'),
    );
    expect(chip(/^WTF/)).toHaveAttribute('aria-pressed', 'false');
    expect(chip(/^WTF/)).toHaveAccessibleName('WTF 0');
  });

  it('when a visitor taps a chip the sign-in sheet asks them to sign in, then the reaction is given', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: { ...story, myReactions: [] } },
      [`PUT ${path}/reactions/wtf`]: { body: { relatable: 4, lol: 1, wtf: 1 } },
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
    await user.click(chip(/^WTF/));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toHaveTextContent(
      'Sign in to react. Your WTF is added as soon as you are in.',
    );
    expect(reactionCalls(fetch.calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pretend to sign in' }));
    await waitFor(() => expect(reactionCalls(fetch.calls)).toEqual([`PUT ${path}/reactions/wtf`]));
    await waitFor(() => expect(chip(/^WTF/)).toHaveAccessibleName('WTF 1'));
    expect(chip(/^WTF/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('when the member is banned the chips are disabled', async () => {
    vi.stubGlobal('fetch', stubFetch({ [`GET ${path}`]: { body: story } }).fetch);
    renderStory({ banned: true });
    await storyCardShown();
    for (const name of [/^Relatable/, /^LOL/, /^WTF/]) expect(chip(name)).toBeDisabled();
  });
});
