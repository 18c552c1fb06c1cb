/**
 * The random-story screen: 'Finding a story for you...' while it asks, then /story/{id}. When
 * there is no story (or the call fails) it falls back to RANDOM_FALLBACK_PATH: the feed, whose
 * empty state invites the first story (docs/decisions.md).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ShuffleIcon } from 'lucide-react';

import { randomStoryQueryOptions } from '#web/features/stories/api/get-random-story.ts';

export const RANDOM_FALLBACK_PATH = '/';

export function RandomStoryRedirect() {
  const navigate = useNavigate();
  const random = useQuery(randomStoryQueryOptions(null));

  useEffect(() => {
    if (random.isSuccess) {
      void navigate({ to: '/story/$id', params: { id: random.data }, replace: true });
    } else if (random.isError) {
      void navigate({ to: RANDOM_FALLBACK_PATH, replace: true });
    }
  }, [navigate, random.data, random.isError, random.isSuccess]);

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
