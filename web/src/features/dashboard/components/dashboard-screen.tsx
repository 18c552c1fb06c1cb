/** /dashboard: every published story, newest first, with its verdict. */
import { PagedList } from '#web/components/paged-list.tsx';
import { useDashboardStories } from '#web/features/dashboard/api/get-dashboard-stories.ts';
import { DashboardCard } from '#web/features/dashboard/components/dashboard-card.tsx';

export function DashboardScreen() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:py-10">
      <header className="grid gap-1">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">Stories Dashboard</h1>
        <p className="text-muted-foreground">All published stories</p>
      </header>
      <PagedList
        query={useDashboardStories()}
        label="Published stories"
        empty="No published stories found"
        errorText="Failed to load dashboard data"
        skeleton={{ count: 5, className: 'h-40' }}
        render={(story) => <DashboardCard story={story} />}
      />
    </div>
  );
}
