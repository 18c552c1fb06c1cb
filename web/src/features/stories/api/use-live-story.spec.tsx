import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';

import { createQueryClient } from '#web/lib/query-client.ts';
import { FakeEventSource, stubEventSource } from '#web/testing/fake-event-source.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { useLiveStory } from '#web/features/stories/api/use-live-story.ts';

const card = {
  id: 'story_1',
  content: 'He left the milk out.',
  category: 'household',
  status: 'approved',
  createdAt: '2026-01-01T00:00:00.000Z',
  heVotes: 3,
  sheVotes: 2,
  commentCount: 1,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
};

function setup(enabled = true) {
  stubEventSource();
  const queryClient = createQueryClient();
  const onComments = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveStory('story_1', { enabled, onComments }), { wrapper });
  return { queryClient, onComments, hook };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLiveStory', () => {
  it("when a tally arrives the story in the cache takes its counts and keeps the viewer's vote, reactions and authorship", async () => {
    const { queryClient } = setup();
    queryClient.setQueryData(storyKeys.detail('story_1'), {
      ...card,
      heVotes: 0,
      myVote: 'he',
      myReactions: ['lol'],
      isOwn: true,
    });
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/stories/story_1/live');
    source.emit('tally', JSON.stringify(card));
    // The first tally loads zod lazily, which on a busy machine can take over a second.
    await waitFor(
      () =>
        expect(queryClient.getQueryData(storyKeys.detail('story_1'))).toEqual({
          ...card,
          myVote: 'he',
          myReactions: ['lol'],
          isOwn: true,
        }),
      { timeout: 5_000 },
    );
  });

  it('when a tally is not a story card the cache is left alone', async () => {
    const { queryClient } = setup();
    FakeEventSource.opened[0]!.emit('tally', '{"heVotes":"many"}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryClient.getQueryData(storyKeys.detail('story_1'))).toBeUndefined();
  });

  it('when the comments change it says so', () => {
    const { onComments } = setup();
    FakeEventSource.opened[0]!.emit('comments', '{"storyId":"story_1"}');
    expect(onComments).toHaveBeenCalledTimes(1);
  });

  it('when the stream drops it closes it, refetches the story and opens again later', () => {
    vi.useFakeTimers();
    const { queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const first = FakeEventSource.opened[0]!;
    first.emit('error');
    expect(first.closed).toBe(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: storyKeys.detail('story_1') });
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(15_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('when the server ends the stream in order it lets the browser reconnect and refetches nothing', () => {
    vi.useFakeTimers();
    const { queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const source = FakeEventSource.opened[0]!;
    source.emit('reconnect', '{"afterMs":3000}');
    // The server ends the response: the browser is reconnecting by itself.
    source.readyState = FakeEventSource.CONNECTING;
    source.emit('error');
    expect(source.closed).toBe(false);
    expect(invalidate).not.toHaveBeenCalled();
    source.readyState = FakeEventSource.OPEN;
    source.emit('open');
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('when the reconnection after an orderly end fails it falls back as after a drop', () => {
    vi.useFakeTimers();
    const { queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const source = FakeEventSource.opened[0]!;
    source.emit('reconnect', '{"afterMs":3000}');
    source.readyState = FakeEventSource.CONNECTING;
    source.emit('error');
    // The reconnection is refused (the server is full or gone).
    source.readyState = FakeEventSource.CLOSED;
    source.emit('error');
    expect(source.closed).toBe(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: storyKeys.detail('story_1') });
    vi.advanceTimersByTime(15_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('when not enabled nothing is opened, and unmounting closes the stream', () => {
    setup(false);
    expect(FakeEventSource.opened).toHaveLength(0);
    const { hook } = setup(true);
    hook.unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });
});
