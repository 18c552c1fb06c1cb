import type { ViewerSeenStories } from '@whosright/projections/seen-stories/queries';

/**
 * A viewer's seen stories (none for an unknown viewer) plus the stories a draw was asked to leave
 * out: the skips the browser has not had acknowledged yet. The draw treats both alike. `count`
 * may count a story twice: it only picks how the draw searches, and says whether any is left out.
 */
export function seenOrLeftOut(
  seen: ViewerSeenStories | undefined,
  leftOut: readonly string[],
): ViewerSeenStories {
  const also = new Set(leftOut);
  return {
    has: async (id) => also.has(id) || (seen !== undefined && (await seen.has(id))),
    count: async () => also.size + (seen ? await seen.count() : 0),
    ids: async () => [...new Set([...also, ...(seen ? await seen.ids() : [])])],
  };
}
