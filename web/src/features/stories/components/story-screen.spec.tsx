import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SignInFirstProps } from '#web/features/stories/components/story-card.tsx';
import { StoryScreen } from '#web/features/stories/components/story-screen.tsx';
import { PENDING_SKIPS_KEY } from '#web/features/stories/api/skip-queue.ts';
import { clientRateLimiter } from '#web/lib/client-rate-limiter.ts';
import { forgetSignedInHint } from '#web/lib/signed-in-hint.ts';
import { INLINED_ANSWERS_ELEMENT_ID } from '@whosright/contracts/shared/constants';
import { resetViewTracking } from '#web/features/stories/hooks/use-view-tracking.ts';
import { storyView } from '#web/testing/story-view.ts';
import { renderStoryScreen, storyCardShown } from '#web/testing/story-screen.tsx';
import {
  renderWithApp,
  requestUrl,
  stubFetch,
  unauthorizedResponse,
} from '#web/testing/test-utils.tsx';

const id = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const story = storyView({ id });
const path = `/api/stories/${id}`;

const toastTitle = (text: string) =>
  waitFor(() =>
    expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(text),
  );
const toastDescription = (text: string) =>
  expect(document.querySelector('[data-slot="toast-description"]')).toHaveTextContent(text);
const he = () => screen.getByRole('button', { name: "He's Right" });
const she = () => screen.getByRole('button', { name: "She's Right" });

const renderStory = () => renderStoryScreen(id);

describe('story screen', () => {
  beforeEach(() => {
    resetViewTracking();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when a visitor’s page carries the story its text is drawn at once, with no call for it', async () => {
    forgetSignedInHint();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = INLINED_ANSWERS_ELEMENT_ID;
    block.textContent = JSON.stringify({ [path]: story });
    document.head.append(block);
    try {
      const fetch = stubFetch({ [`POST ${path}/track`]: { status: 204 } });
      vi.stubGlobal('fetch', fetch.fetch);
      renderStory();
      await screen.findByText(story.content);
      await storyCardShown();
      expect(fetch.calls.filter((c) => c.method === 'GET' && c.url.endsWith(path))).toEqual([]);
    } finally {
      block.remove();
    }
  });

  it('when the story shows it tracks one view 500 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const fetch = stubFetch({
      [`GET ${path}`]: { body: story },
      [`POST ${path}/track`]: { status: 204 },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    renderStory();
    // Let the (rate-limited) loads and the card's code finish in 10 ms steps, so "shown" is
    // known to 10 ms.
    for (let step = 0; step < 100 && !screen.queryByText(story.content); step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
        await vi.dynamicImportSettled();
      });
    }
    expect(screen.getByText(story.content)).toBeInTheDocument();
    const tracks = () => fetch.calls.filter((c) => c.url.endsWith('/track'));
    await act(() => vi.advanceTimersByTimeAsync(480));
    expect(tracks()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(30));
    expect(tracks()).toHaveLength(1);
    expect(JSON.parse(tracks()[0]?.body ?? '')).toEqual({ action: 'view' });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(tracks()).toHaveLength(1);
  });

  it('when the member votes it toasts Vote Recorded! and shows the split, the vote and the comments', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: story },
      [`POST ${path}/track`]: { status: 204 },
      [`POST ${path}/vote`]: {
        body: { vote: { vote: 'he' }, story: { ...story, heVotes: 3 } },
      },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    renderStory();
    const user = userEvent.setup();
    expect(await screen.findByText('Household Chores')).toBeInTheDocument();
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    expect(he()).not.toHaveAttribute('aria-pressed');
    expect(screen.queryByText('the comments')).not.toBeInTheDocument();

    await user.click(he());
    await toastTitle('Vote Recorded!');
    toastDescription("You voted He's Right");
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(results).toHaveTextContent('75%');
    expect(results).toHaveTextContent('25%');
    expect(results).toHaveTextContent('4 votes');
    expect(results).toHaveTextContent("You voted He's Right");
    expect(he()).toHaveAttribute('aria-pressed', 'true');
    expect(she()).toHaveAttribute('aria-pressed', 'false');
    expect(he()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next Story' })).toBeInTheDocument();
    expect(screen.getByText('the comments')).toBeInTheDocument();
    // The server records engage with the vote: the client sends no engage of its own.
    expect(fetch.calls.filter((c) => c.body.includes('engage'))).toHaveLength(0);
  });

  it('when the vote was already cast it toasts Already Voted and shows the stored vote', async () => {
    let stored: string | null = null;
    const fetch = stubFetch({
      [`GET ${path}`]: () =>
        new Response(JSON.stringify({ ...story, myVote: stored }), {
          headers: { 'content-type': 'application/json' },
        }),
      [`POST ${path}/track`]: { status: 204 },
      [`POST ${path}/vote`]: () => {
        stored = 'she';
        return new Response(
          JSON.stringify({ message: 'Already voted on this story', code: 'already_voted' }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    renderStory();
    const user = userEvent.setup();
    await storyCardShown();
    await user.click(he());
    await toastTitle('Already Voted');
    toastDescription("You've already voted on this story.");
    expect(await screen.findByText("You voted She's Right")).toBeInTheDocument();
  });

  it.each([
    {
      what: 'a refusal as already cast, in other words,',
      body: { message: 'One vote per story', code: 'already_voted' },
      title: 'Already Voted',
      description: "You've already voted on this story.",
    },
    {
      what: 'a conflict whose text only says Already voted',
      body: { message: 'Already voted on this story', code: 'conflict' },
      title: 'Error',
      description: 'Failed to submit vote. Please try again.',
    },
  ])('when the vote gets $what it toasts $title', async ({ body, title, description }) => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`POST ${path}/track`]: { status: 204 },
        [`POST ${path}/vote`]: { status: 409, body },
      }).fetch,
    );
    renderStory();
    const user = userEvent.setup();
    await storyCardShown();
    await user.click(she());
    await toastTitle(title);
    toastDescription(description);
  });

  it('when the vote fails otherwise it toasts Error', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`POST ${path}/track`]: { status: 204 },
        [`POST ${path}/vote`]: { status: 500, body: { message: 'boom' } },
      }).fetch,
    );
    renderStory();
    const user = userEvent.setup();
    await storyCardShown();
    await user.click(she());
    await toastTitle('Error');
    toastDescription('Failed to submit vote. Please try again.');
    expect(she()).toBeEnabled();
  });

  it('when a visitor votes it toasts Unauthorized and goes to /login after 500 ms', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`POST ${path}/track`]: { status: 204 },
        [`POST ${path}/vote`]: unauthorizedResponse,
      }).fetch,
    );
    const { router } = renderStory();
    const user = userEvent.setup();
    await storyCardShown();
    await user.keyboard('h');
    await toastTitle('Unauthorized');
    toastDescription('You are logged out. Logging in again...');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('when the story is missing it shows Story Not Found', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderStory();
    expect(await screen.findByRole('heading', { name: 'Story Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The story you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Stories' })).toHaveAttribute('href', '/');
  });

  it('when Skip finds no other story, even without the exclusion, it goes to /', async () => {
    const randomUrls: string[] = [];
    const base = stubFetch({
      [`GET ${path}`]: { body: story },
      [`POST ${path}/track`]: { status: 204 },
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = requestUrl(input);
      if (url.startsWith('/api/stories/random')) {
        randomUrls.push(url);
        return new Response(JSON.stringify({ message: 'No story to show yet' }), { status: 404 });
      }
      return base.fetch(input, init);
    });
    const { router } = renderStory();
    const user = userEvent.setup();
    await storyCardShown();
    // The draws made before the press: with the exclusion, then without it.
    await waitFor(() => expect(randomUrls).toHaveLength(2));
    expect(randomUrls).toEqual([`/api/stories/random?exclude=${id}`, '/api/stories/random']);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The skip is sent, and kept in storage until the server has it.
    await waitFor(() =>
      expect(base.calls.find((c) => c.body.includes('skip'))?.url).toBe(`${path}/track`),
    );
    await waitFor(() => expect(window.localStorage.getItem(PENDING_SKIPS_KEY)).toBeNull());
  });

  it('when skips are still on their way to the server the next draw leaves them out too', async () => {
    const waiting = ['story_01ARZ3NDEKTSV4RRFFQ69G5FAX', 'story_01ARZ3NDEKTSV4RRFFQ69G5FAY'];
    window.localStorage.setItem(PENDING_SKIPS_KEY, JSON.stringify(waiting));
    const randomUrls: string[] = [];
    const base = stubFetch({ [`GET ${path}`]: { body: story } });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = requestUrl(input);
      if (url.startsWith('/api/stories/random')) randomUrls.push(url);
      // The skips get no answer: they stay waiting.
      if (url.endsWith('/track')) return new Promise<Response>(() => {});
      return base.fetch(input, init);
    });
    renderStory();
    await storyCardShown();
    await waitFor(() => expect(randomUrls.length).toBeGreaterThan(0));
    expect(randomUrls[0]).toBe(`/api/stories/random?exclude=${id},${waiting.join(',')}`);
  });

  it('when the client rate limiter holds the story back it says Slow down a moment and shows the story once there is room, never Story Not Found', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`POST ${path}/track`]: { status: 204 },
      }).fetch,
    );
    // A fast reader has used the story group's 25 calls of this minute.
    for (let i = 0; i < 25; i += 1) void clientRateLimiter.acquire('story-get');
    renderStory();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByText('Slow down a moment')).toBeInTheDocument();
    expect(screen.queryByText('Story Not Found')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText(story.content)).toBeInTheDocument();
    expect(screen.queryByText('Slow down a moment')).not.toBeInTheDocument();
  });

  it('when Skip waits for a draw the client rate limiter holds back it says Slow down a moment with the seconds left, counting down, then shows the next story and Skip works again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const nextId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAW';
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`POST ${path}/track`]: { status: 204 },
        ['GET /api/stories/random']: { body: { id: nextId } },
        [`GET /api/stories/${nextId}`]: { body: { ...story, id: nextId } },
      }).fetch,
    );
    // A fast skimmer used this minute's 25 draws, the first of them 48 s ago.
    const firstDraw = Date.now();
    for (let i = 0; i < 25; i += 1) void clientRateLimiter.acquire('story-random');
    await act(() => vi.advanceTimersByTimeAsync(48_000));
    const { router } = renderStory();
    for (let step = 0; step < 100 && !screen.queryByText(story.content); step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
        await vi.dynamicImportSettled();
      });
    }
    const skip = screen.getByRole('button', { name: 'Skip' });
    const secondsLeft = Math.ceil((firstDraw + 60_000 - Date.now()) / 1000);
    expect(secondsLeft).toBeGreaterThan(10);
    expect(screen.queryByText(/next story in/)).not.toBeInTheDocument();

    fireEvent.click(skip);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const notice = () => screen.getByText(/next story in/).closest('[role="status"]');
    expect(notice()).toHaveTextContent(`Slow down a moment — next story in ${secondsLeft} s`);
    expect(skip).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(notice()).toHaveTextContent(`Slow down a moment — next story in ${secondsLeft - 1} s`);
    expect(skip).toBeDisabled();
    expect(router.state.location.pathname).toBe('/privacy');

    await act(() => vi.advanceTimersByTimeAsync(secondsLeft * 1_000));
    expect(router.state.location.pathname).toBe(`/story/${nextId}`);
    expect(screen.queryByText(/next story in/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeEnabled();
  });

  it('when the next story was fetched before the limit was reached Skip serves it at once, without a word', async () => {
    const nextId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAW';
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`POST ${path}/track`]: { status: 204 },
        ['GET /api/stories/random']: { body: { id: nextId } },
        [`GET /api/stories/${nextId}`]: { body: { ...story, id: nextId } },
      }).fetch,
    );
    const { router, queryClient } = renderStory();
    await storyCardShown();
    await waitFor(() =>
      expect(queryClient.getQueryData(['stories', 'detail', nextId])).toMatchObject({ id: nextId }),
    );
    // Then the reader reaches the limit of draws and of stories.
    const refused = () => undefined;
    for (let i = 0; i < 25; i += 1) {
      clientRateLimiter.acquire('story-random').catch(refused);
      clientRateLimiter.acquire('story-get').catch(refused);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/story/${nextId}`));
    expect(screen.queryByText('Slow down a moment')).not.toBeInTheDocument();
  });

  it("when the server is unavailable it says Couldn't load this story, and Try again loads it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let available = false;
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: () =>
          available
            ? new Response(JSON.stringify(story), {
                headers: { 'content-type': 'application/json' },
              })
            : new Response(JSON.stringify({ message: 'Not ready', code: 'unavailable' }), {
                status: 503,
              }),
        [`POST ${path}/track`]: { status: 204 },
      }).fetch,
    );
    renderStory();
    // The query's own retries first (up to 2), then the screen.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('heading', { name: "Couldn't load this story" })).toBeInTheDocument();
    expect(screen.queryByText('Story Not Found')).not.toBeInTheDocument();
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText(story.content)).toBeInTheDocument();
  });

  it('when the story shows the next one is drawn and fetched at once, so Skip makes no new draw', async () => {
    const nextId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAW';
    const fetch = stubFetch({
      [`GET ${path}`]: { body: story },
      [`POST ${path}/track`]: { status: 204 },
      ['GET /api/stories/random']: { body: { id: nextId } },
      [`GET /api/stories/${nextId}`]: { body: { ...story, id: nextId } },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    const { router, queryClient } = renderStory();
    await storyCardShown();
    await waitFor(() =>
      expect(queryClient.getQueryData(['stories', 'detail', nextId])).toMatchObject({ id: nextId }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/story/${nextId}`));
    expect(fetch.calls.filter((c) => c.url.startsWith('/api/stories/random'))).toHaveLength(1);
  });

  it('when a visitor votes the sign-in sheet opens over the story, and once signed in the vote is cast and the results show', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: story },
      [`POST ${path}/track`]: { status: 204 },
      [`POST ${path}/vote`]: { body: { vote: { vote: 'she' }, story: { ...story, sheVotes: 2 } } },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    const signInFirst = ({ title, onSignedIn }: SignInFirstProps) => (
      <div role="dialog" aria-label="Sign in">
        {title}
        <button onClick={onSignedIn}>Pretend to sign in</button>
      </div>
    );
    renderWithApp(
      <StoryScreen id={id} comments={<p>the comments</p>} signInFirst={signInFirst} />,
      { path: '/privacy' },
    );
    const user = userEvent.setup();
    await storyCardShown();
    await user.click(she());
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toHaveTextContent(
      "Sign in to vote She's Right",
    );
    expect(screen.getByText(story.content)).toBeInTheDocument();
    expect(fetch.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/vote'))).toHaveLength(
      0,
    );
    await user.click(screen.getByRole('button', { name: 'Pretend to sign in' }));
    expect(await screen.findByRole('region', { name: 'Results' })).toHaveTextContent(
      "You voted She's Right",
    );
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(fetch.calls.find((c) => c.url.endsWith('/vote'))?.body).toBe('{"vote":"she"}');
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });

  it('when the author opens their own story it says Your story with its status and offers no Report', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: { ...story, status: 'pending', isOwn: true } },
        [`POST ${path}/track`]: { status: 204 },
      }).fetch,
    );
    renderStory();
    await storyCardShown();
    expect(screen.getByText('Your story')).toHaveTextContent('Your story pending');
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    // Not published yet: there is no thread to read.
    expect(screen.queryByText('the comments')).not.toBeInTheDocument();
  });

  it('when the author opens their own approved story the comments show before any vote', async () => {
    const api = stubFetch({
      [`GET ${path}`]: { body: { ...story, status: 'approved', isOwn: true } },
      [`POST ${path}/track`]: { status: 204 },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderStory();
    expect(await screen.findByText('the comments')).toBeInTheDocument();
    expect(he()).toBeEnabled();
  });

  it('when a member opens someone else story it offers Report and says nothing of whose it is', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`GET ${path}`]: { body: story },
        [`POST ${path}/track`]: { status: 204 },
      }).fetch,
    );
    renderStory();
    expect(await screen.findByRole('button', { name: 'Report this story' })).toBeInTheDocument();
    expect(screen.queryByText('Your story')).not.toBeInTheDocument();
  });

  it('when the member is banned the vote buttons are disabled and say why', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: story },
      [`POST ${path}/track`]: { status: 204 },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    renderWithApp(<StoryScreen id={id} comments={<p>the comments</p>} banned />, {
      path: '/privacy',
    });
    await storyCardShown();
    expect(he()).toBeDisabled();
    expect(she()).toBeDisabled();
    expect(
      screen.getByText('Your account is banned: you can read, but not post, vote or comment.'),
    ).toBeInTheDocument();
  });

  it('when a banned member opens a story they never voted on they read its results and comments, with no vote of theirs', async () => {
    const fetch = stubFetch({
      [`GET ${path}`]: { body: { ...story, heVotes: 3, sheVotes: 1, myVote: null } },
      [`POST ${path}/track`]: { status: 204 },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    renderWithApp(<StoryScreen id={id} comments={<p>the comments</p>} banned />, {
      path: '/privacy',
    });
    await storyCardShown();
    const results = screen.getByRole('region', { name: 'Results' });
    expect(results).toHaveTextContent('75%');
    expect(results).toHaveTextContent('4 votes');
    expect(results).not.toHaveTextContent('You voted');
    expect(screen.getByText('the comments')).toBeInTheDocument();
  });
});
