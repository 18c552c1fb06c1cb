/** GET /api/dashboard/stories?cursor=: published stories, newest first, with their scores. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { DashboardStory } from '@whosright/contracts/story/dto';

import { apiRequest } from '#web/lib/api-client.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stories: () => [...dashboardKeys.all, 'stories'] as const,
};

export function getDashboardStories(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<{ items: DashboardStory[]; nextCursor: string | null }>(
    'GET',
    `/api/dashboard/stories?${params}`,
    { signal, schema: (s) => s.dashboardPageSchema },
  );
}

export function useDashboardStories(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: dashboardKeys.stories(),
    queryFn: ({ pageParam, signal }) => getDashboardStories(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}
