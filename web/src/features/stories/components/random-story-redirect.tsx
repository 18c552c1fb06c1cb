/**
 * The random-story screen: 'Finding a story for you...' while it asks, then /story/{id}. When
 * there is no story (or the call fails) it falls back to RANDOM_FALLBACK_PATH: the feed, whose
 * empty state invites the first story (docs/decisions/random-story-fallback.md). When the viewer has seen every story,
 * it says so (AllStoriesSeen).
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ShuffleIcon } from 'lucide-react';

import { drawRandomStoryId } from '#web/features/stories/api/get-random-story.ts';
import { AllStoriesSeen } from '#web/features/stories/components/all-stories-seen.tsx';

export const RANDOM_FALLBACK_PATH = '/';

/** Draws once per mount: the route keys it by `exclude`, so a new exclusion is a new draw. */
export function RandomStoryRedirect({ exclude }: { exclude: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [allSeen, setAllSeen] = useState(false);

  // Each visit of /random draws again: a cached answer would repeat a story for a minute.
  useEffect(() => {
    let current = true;
    drawRandomStoryId(queryClient, exclude).then(
      (id) => {
        if (!current) return;
        if (id) void navigate({ to: '/story/$id', params: { id }, replace: true });
        else setAllSeen(true);
      },
      () => current && void navigate({ to: RANDOM_FALLBACK_PATH, replace: true }),
    );
    return () => {
      current = false;
    };
  }, [exclude, navigate, queryClient]);

  if (allSeen) return <AllStoriesSeen />;

  return (
    <div
      role="status"
      className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-muted-foreground"
    >
      <ShuffleIcon className="size-8 animate-pulse" aria-hidden="true" />
      <p className="text-lg font-semibold">Finding a story for you...</p>
    </div>
  );
}
