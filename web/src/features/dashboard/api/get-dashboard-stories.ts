/** GET /api/dashboard/stories?cursor=: published stories, newest first, with their scores. */
import type { DashboardStory } from '@whosright/contracts/story/dto';

import { usePagedQuery } from '#web/lib/use-paged-query.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stories: () => [...dashboardKeys.all, 'stories'] as const,
};

export function useDashboardStories() {
  return usePagedQuery<DashboardStory>({
    queryKey: dashboardKeys.stories(),
    path: '/api/dashboard/stories',
    params: { limit: '20' },
    schema: (s) => s.dashboardPageSchema,
  });
}
