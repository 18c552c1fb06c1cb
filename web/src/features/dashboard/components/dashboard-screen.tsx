/** /dashboard (SPEC.md "Dashboard"): every published story, newest first, with its verdict. */
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useLoadMore } from '#web/lib/use-load-more.ts';
import { useDashboardStories } from '#web/features/dashboard/api/get-dashboard-stories.ts';
import { DashboardCard } from '#web/features/dashboard/components/dashboard-card.tsx';

export function DashboardScreen() {
  const stories = useDashboardStories(true);
  const canLoadMore = stories.hasNextPage && !stories.isFetchingNextPage && !stories.isError;
  const sentinel = useLoadMore(() => void stories.fetchNextPage(), canLoadMore);

  let body;
  if (stories.isPending)
    body = (
      <div role="status" aria-label="Loading stories" className="grid gap-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-40 w-full rounded-xl" />
        ))}
      </div>
    );
  else if (stories.isError && !stories.data)
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-muted-foreground">Failed to load dashboard data</p>
        <Button variant="outline" onClick={() => void stories.refetch()}>
          Try again
        </Button>
      </div>
    );
  else {
    const items = stories.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
          No published stories found
        </p>
      ) : (
        <>
          <ul aria-label="Published stories" className="grid gap-3">
            {items.map((story) => (
              <li key={story.id}>
                <DashboardCard story={story} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} aria-hidden="true" />
        </>
      );
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:py-10">
      <header className="grid gap-1">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">Stories Dashboard</h1>
        <p className="text-muted-foreground">All published stories</p>
      </header>
      {body}
    </div>
  );
}
