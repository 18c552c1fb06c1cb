import type { StoryFeedSort } from '@whosright/contracts/story/dto';

import { storyDetailKey } from '#web/lib/story-detail-key.ts';

/** Query keys of the stories feature (one factory, STYLE.md convention 7). */
export const storyKeys = {
  all: ['stories'] as const,
  lists: () => [...storyKeys.all, 'list'] as const,
  list: (filters: { category: string | null; sort: StoryFeedSort }) =>
    [...storyKeys.lists(), filters] as const,
  details: () => [...storyKeys.all, 'detail'] as const,
  detail: (id: string) => storyDetailKey(id),
  random: (exclude: string | null) => [...storyKeys.all, 'random', { exclude }] as const,
};
