import { createFileRoute } from '@tanstack/react-router';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import type { StoryFeedSort } from '@whosright/contracts/story/dto';
import { STORY_CATEGORIES } from '@whosright/contracts/shared/category-list';

import { CrashTestTrigger } from '#web/app/crash-test-trigger.tsx';
import { useAddNew } from '#web/app/use-add-new.ts';
import { HomeHero } from '#web/features/home/components/home-hero.tsx';
import { storyFeedQueryOptions } from '#web/features/stories/api/get-story-feed.ts';
import { CategoryFilter } from '#web/features/stories/components/category-filter.tsx';
import { FeedSortTabs } from '#web/features/stories/components/feed-sort-tabs.tsx';
import { FEED_SORTS, feedTitle } from '#web/features/stories/lib/feed-sorts.ts';
import { RandomStoryButton } from '#web/features/stories/components/random-story-button.tsx';
import { StoryFeed } from '#web/features/stories/components/story-feed.tsx';

/** An unknown category in the URL is dropped (checked by hand: zod stays out of the first load). */
function categoryOf(value: unknown): StoryCategory | undefined {
  return STORY_CATEGORIES.find((c) => c.value === value)?.value;
}

/** Likewise an unknown order; the default (newest) is never in the URL. */
function sortOf(value: unknown): Exclude<StoryFeedSort, 'newest'> | undefined {
  const sort = FEED_SORTS.find((s) => s.value === value)?.value;
  return sort === 'newest' ? undefined : sort;
}

export const Route = createFileRoute('/')({
  validateSearch: (search): { category?: StoryCategory; sort?: StoryFeedSort } => {
    const category = categoryOf(search.category);
    const sort = sortOf(search.sort);
    return { ...(category ? { category } : {}), ...(sort ? { sort } : {}) };
  },
  loaderDeps: ({ search }) => ({
    category: search.category ?? null,
    sort: search.sort ?? 'newest',
  }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(storyFeedQueryOptions(deps));
  },
  head: () => ({ meta: [{ title: "Who's Right: He's Right or She's Right?" }] }),
  component: HomeRoute,
});

function HomeRoute() {
  const { category, sort = 'newest' } = Route.useSearch();
  const onAddNew = useAddNew();
  const addNew = () => void onAddNew();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-5 sm:py-8">
      <CrashTestTrigger />
      <HomeHero onAddNew={addNew} randomAction={(size) => <RandomStoryButton size={size} />} />
      <section aria-labelledby="feed-title" className="grid min-w-0 gap-4">
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-3">
          <h2 id="feed-title" className="font-display text-xl font-bold">
            {feedTitle(sort)}
          </h2>
          <FeedSortTabs active={sort} />
        </div>
        <CategoryFilter active={category ?? null} />
        <StoryFeed category={category ?? null} sort={sort} onAddNew={addNew} />
      </section>
    </div>
  );
}
