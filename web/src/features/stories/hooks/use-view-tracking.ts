/**
 * A view is tracked about 500 ms after a story is shown, once per story and page load. Leaving
 * before then tracks nothing.
 */
import { useEffect } from 'react';
import { DELAYS_MS } from '@whosright/contracts/shared/constants';

import { trackStory } from '#web/features/stories/api/track-story.ts';

const viewed = new Set<string>();

export function useViewTracking(storyId: string | undefined) {
  useEffect(() => {
    if (!storyId || viewed.has(storyId)) return;
    const timer = setTimeout(() => {
      if (viewed.has(storyId)) return;
      viewed.add(storyId);
      trackStory(storyId, 'view');
    }, DELAYS_MS.viewTracking);
    return () => clearTimeout(timer);
  }, [storyId]);
}

/** Test helper. */
export function resetViewTracking() {
  viewed.clear();
}
