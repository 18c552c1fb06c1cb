/**
 * Next Story and Skip: a random story other than this one; the "You've seen every story" screen
 * when the viewer has voted on or skipped all the others; the feed when there is none.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';

import { ALL_SEEN, findNextStoryId } from '#web/features/stories/api/get-random-story.ts';

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

export function useNextStory(currentId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [finding, setFinding] = useState(false);

  const goNext = useCallback(async () => {
    if (finding) return;
    setFinding(true);
    try {
      const next = await findNextStoryId(queryClient, currentId);
      focusOnArrival = next !== null && next !== ALL_SEEN;
      if (next === ALL_SEEN) await navigate({ to: '/random', search: { exclude: currentId } });
      else if (next) await navigate({ to: '/story/$id', params: { id: next } });
      else await navigate({ to: '/' });
    } finally {
      setFinding(false);
    }
  }, [currentId, finding, navigate, queryClient]);

  return { goNext, finding };
}
