/**
 * The home feed: approved stories in the chosen order, filtered by category, loading the next
 * page as the end of the list scrolls into view. Skeletons while loading; an inviting empty state.
 */
import { Link } from '@tanstack/react-router';
import { MessageSquareHeartIcon, ShuffleIcon } from 'lucide-react';
import { categoryLabel } from '@whosright/contracts/shared/category-list';
import { DIVISIVE_MIN_VOTES } from '@whosright/contracts/shared/constants';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import type { StoryFeedSort } from '@whosright/contracts/story/dto';

import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useStoryFeed } from '#web/features/stories/api/get-story-feed.ts';
import { StoryFeedCard } from '#web/features/stories/components/story-feed-card.tsx';
import { useLoadMore } from '#web/lib/use-load-more.ts';
import { useRememberFeedPlace } from '#web/features/stories/hooks/use-feed-return.ts';

function CardSkeleton() {
  return (
    <div className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex justify-between">
        <Skeleton rounded="full" className="h-5 w-28" />
        <Skeleton className="h-4 w-20" />
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="mt-1 h-4 w-40" />
    </div>
  );
}

/** "Most divisive" is empty until a story has enough votes: say why, and offer the newest. */
function NoDivisiveStories({ category }: { category: StoryCategory | null }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
      <h2 className="font-display text-xl font-bold">No divisive stories yet</h2>
      <p className="max-w-sm text-muted-foreground">
        A story shows here once it has {DIVISIVE_MIN_VOTES} votes, the closest to a 50/50 split
        first. Vote on a few to help them get there.
      </p>
      <Button asChild size="lg" variant="outline">
        <Link to="/" search={category ? { category } : {}}>
          See the newest stories
        </Link>
      </Button>
    </div>
  );
}

function EmptyFeed({ category, onAddNew }: { category: string | null; onAddNew: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-he-soft to-she-soft">
        <MessageSquareHeartIcon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="font-display text-xl font-bold">
        {category ? `No ${categoryLabel(category)} stories yet` : 'No stories yet'}
      </h2>
      <p className="max-w-sm text-muted-foreground">
        Had a disagreement lately? Tell it anonymously and let everyone decide who&apos;s right.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={onAddNew}>
          <MessageSquareHeartIcon />
          Share your story
        </Button>
        {category ? (
          <Button asChild size="lg" variant="outline">
            <Link to="/">See all stories</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function StoryFeed({
  category,
  sort,
  onAddNew,
}: {
  category: StoryCategory | null;
  sort: StoryFeedSort;
  onAddNew: () => void;
}) {
  useRememberFeedPlace();
  const feed = useStoryFeed({ category, sort });
  const canLoadMore = feed.hasNextPage && !feed.isFetchingNextPage && !feed.isError;
  const sentinel = useLoadMore(() => void feed.fetchNextPage(), canLoadMore);

  if (feed.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading stories"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (feed.isError && !feed.data) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="text-muted-foreground">Stories could not be loaded.</p>
        <Button variant="outline" onClick={() => void feed.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const stories = feed.data.pages.flatMap((page) => page.items);
  if (stories.length === 0) {
    return sort === 'divisive' ? (
      <NoDivisiveStories category={category} />
    ) : (
      <EmptyFeed category={category} onAddNew={onAddNew} />
    );
  }

  return (
    <div className="grid gap-6">
      <ul aria-label="Stories" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {stories.map((story) => (
          <li key={story.id}>
            <StoryFeedCard story={story} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {feed.isFetchingNextPage ? (
        <div
          role="status"
          aria-label="Loading more stories"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          <CardSkeleton />
          <CardSkeleton />
        </div>
      ) : feed.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void feed.fetchNextPage()}
        >
          Load more stories
        </Button>
      ) : (
        <div className="flex flex-col items-center gap-3 py-6 text-center text-sm text-muted-foreground">
          <p>You&apos;ve reached the end. Ready for a random one?</p>
          <Button asChild variant="outline">
            <Link to="/random">
              <ShuffleIcon />
              Random story
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}
