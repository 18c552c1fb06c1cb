/**
 * A paged list (profile, dashboard, admin panel): skeletons, its empty text, its items, and the
 * next page as the end shows, or when its "Show more" button is pressed.
 */
import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/utils.ts';
import { useLoadMore } from '#web/lib/use-load-more.ts';
import type { Page } from '#web/lib/use-paged-query.ts';

export function PagedList<T extends { id: string }>({
  query,
  label,
  empty,
  render,
  errorText = 'This list could not be loaded.',
  skeleton = { count: 3, className: 'h-32' },
  more,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  label: string;
  /** What an empty list says: a text, or a text with a way on. */
  empty: ReactNode;
  render: (item: T) => ReactNode;
  errorText?: string;
  /** How many placeholder cards show while the first page loads, and their height. */
  skeleton?: { count: number; className: string };
  /**
   * The text of a button that loads the next page, for a list that is not the page's own (in a
   * side sheet): then reaching its end loads nothing by itself.
   */
  more?: string;
}) {
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isError;
  const sentinel = useLoadMore(() => void query.fetchNextPage(), canLoadMore && !more);

  if (query.isPending)
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="grid gap-3">
        {Array.from({ length: skeleton.count }, (_, i) => (
          <Skeleton key={i} rounded="xl" className={cn('w-full', skeleton.className)} />
        ))}
      </div>
    );
  if (query.isError && !query.data)
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-muted-foreground">{errorText}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <div className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
        {typeof empty === 'string' ? <p>{empty}</p> : empty}
      </div>
    );
  return (
    <div className="grid gap-3">
      <ul aria-label={label} className="grid gap-3">
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {query.isFetchingNextPage ? (
        <Skeleton
          role="status"
          aria-label="Loading more"
          rounded="xl"
          className={cn('w-full', skeleton.className)}
        />
      ) : more && canLoadMore ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          onClick={() => void query.fetchNextPage()}
        >
          {more}
        </Button>
      ) : null}
    </div>
  );
}
