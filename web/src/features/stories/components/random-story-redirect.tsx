/**
 * The random-story screen: 'Finding a story for you...' while it asks, then /story/{id}. When
 * there is no story (or the call fails) it falls back to RANDOM_FALLBACK_PATH: the feed, whose
 * empty state invites the first story (docs/decisions.md).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ShuffleIcon } from 'lucide-react';

import { drawRandomStoryId } from '#web/features/stories/api/get-random-story.ts';

export const RANDOM_FALLBACK_PATH = '/';

export function RandomStoryRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Each visit of /random draws again (issue 19).
  useEffect(() => {
    let current = true;
    drawRandomStoryId(queryClient, null).then(
      (id) => current && void navigate({ to: '/story/$id', params: { id }, replace: true }),
      () => current && void navigate({ to: RANDOM_FALLBACK_PATH, replace: true }),
    );
    return () => {
      current = false;
    };
  }, [navigate, queryClient]);

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
