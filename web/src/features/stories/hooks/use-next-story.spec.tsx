import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useNextStory } from '#web/features/stories/hooks/use-next-story.ts';
import { renderWithApp, requestUrl } from '#web/testing/test-utils.tsx';

function PrefetchingCard() {
  useNextStory('story_a', { prefetch: true });
  return null;
}

/** A fetch whose random draw answers only when the test says so. */
function heldDraw() {
  let answer: (response: Response) => void = () => undefined;
  const drawn = new Promise<Response>((resolve) => (answer = resolve));
  const fetch = vi.fn((input: RequestInfo | URL) =>
    requestUrl(input).includes('/api/stories/random')
      ? drawn
      : Promise.resolve(new Response(null, { status: 404 })),
  );
  const settle = () =>
    answer(
      new Response(JSON.stringify({ id: null }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  return { fetch, settle };
}

describe('the next story drawn ahead', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the draw settles after the card is gone it sets nothing, even with the page torn down', async () => {
    const draw = heldDraw();
    vi.stubGlobal('fetch', draw.fetch);
    const { unmount, queryClient } = renderWithApp(<PrefetchingCard />, { path: '/story/story_a' });
    await vi.waitFor(() => expect(draw.fetch).toHaveBeenCalled());
    unmount();

    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      // As when the test environment is torn down: React finds no window to set state against.
      vi.stubGlobal('window', undefined);
      await act(async () => {
        draw.settle();
        await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
        // The hook's own step after the draw, and any rejection it leaves, come a turn later.
        await new Promise((resolve) => setImmediate(resolve));
      });
    } finally {
      vi.unstubAllGlobals();
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});
