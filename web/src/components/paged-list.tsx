/** A paged list (profile, admin panel): skeletons, its empty text, its items, and the next page as the end shows. */
import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useLoadMore } from '#web/lib/use-load-more.ts';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export function PagedList<T extends { id: string }>({
  query,
  label,
  empty,
  render,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  label: string;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isError;
  const sentinel = useLoadMore(() => void query.fetchNextPage(), canLoadMore);

  if (query.isPending)
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full rounded-xl" />
        ))}
      </div>
    );
  if (query.isError && !query.data)
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-muted-foreground">This list could not be loaded.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
        {empty}
      </p>
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
        <Skeleton role="status" aria-label="Loading more" className="h-32 w-full rounded-xl" />
      ) : null}
    </div>
  );
}
