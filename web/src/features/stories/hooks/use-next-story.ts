/**
 * Next Story and Skip: a random story other than this one; the "You've seen every story" screen
 * when the viewer has voted on or skipped all the others; the feed when there is none.
 * The next story is drawn and its card fetched while the reader reads (`prefetch`), so Next and
 * Skip only navigate to a story that is already in the cache. When the client rate limiter holds
 * that draw back, `heldUntil` says until when (epoch ms): a press then waits (`finding`) for it,
 * and the card says so.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';

import { ALL_SEEN, findNextStoryId } from '#web/features/stories/api/get-random-story.ts';
import { storyQueryOptions } from '#web/features/stories/api/get-story.ts';

let focusOnArrival = false;

/**
 * Whether the story screen should take focus when its story is ready: true once after Next or
 * Skip, whose button disappears with the old story, so keyboard focus is not lost.
 */
export function takeFocusOnArrival(): boolean {
  const take = focusOnArrival;
  focusOnArrival = false;
  return take;
}

type NextStory = Awaited<ReturnType<typeof findNextStoryId>>;

export function useNextStory(currentId: string, { prefetch = false }: { prefetch?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [finding, setFinding] = useState(false);
  const [held, setHeld] = useState<{ for: string; until: number } | null>(null);
  const upcoming = useRef<{ for: string; next: Promise<NextStory> } | null>(null);
  // A draw can settle after the card is gone (the reader left, or a test's page was torn down):
  // its state then has no one to show it to, and setting it would reach for a window that may
  // no longer exist.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** The draw for this story, started once: on the prefetch or on the first Next. */
  const drawNext = useCallback(() => {
    if (upcoming.current?.for !== currentId) {
      const onHeld = (until: number) => {
        if (mounted.current) setHeld({ for: currentId, until });
      };
      const next = findNextStoryId(queryClient, currentId, onHeld).then((found) => {
        if (mounted.current) setHeld(null);
        if (typeof found === 'string') void queryClient.prefetchQuery(storyQueryOptions(found));
        // Nothing found (or the draw failed): the next press draws again.
        else if (found === null) upcoming.current = null;
        return found;
      });
      upcoming.current = { for: currentId, next };
    }
    return upcoming.current.next;
  }, [currentId, queryClient]);

  useEffect(() => {
    if (prefetch) void drawNext();
  }, [prefetch, drawNext]);

  const goNext = useCallback(async () => {
    if (finding) return;
    setFinding(true);
    try {
      const next = await drawNext();
      focusOnArrival = next !== null && next !== ALL_SEEN;
      if (next === ALL_SEEN) await navigate({ to: '/random', search: { exclude: currentId } });
      else if (next) await navigate({ to: '/story/$id', params: { id: next } });
      else await navigate({ to: '/' });
    } finally {
      if (mounted.current) setFinding(false);
    }
  }, [currentId, drawNext, finding, navigate]);

  return { goNext, finding, heldUntil: held?.for === currentId ? held.until : null };
}
