/** The admin panel's Insights tab: the window (30 or 90 days), then the charts, loaded on first opening. */
import { lazy, Suspense, useState } from 'react';

import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useInsights } from '#web/features/admin/api/get-insights.ts';

// With uPlot, in a chunk of its own: no other screen's first load carries a chart library.
const InsightsCharts = lazy(() =>
  import('#web/features/admin/components/insights-charts.tsx').then((m) => ({
    default: m.InsightsCharts,
  })),
);

const WINDOWS = [30, 90] as const;

const loading = (
  <div role="status" aria-label="Loading insights" className="grid gap-4 lg:grid-cols-2">
    {Array.from({ length: 4 }, (_, i) => (
      <Skeleton key={i} rounded="xl" className="h-80 w-full" />
    ))}
  </div>
);

export function InsightsTab() {
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const insights = useInsights(days);
  return (
    <section aria-label="Insights" className="grid gap-4">
      <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
        {WINDOWS.map((window) => (
          <Button
            key={window}
            size="sm"
            variant={window === days ? 'default' : 'outline'}
            aria-pressed={window === days}
            onClick={() => setDays(window)}
          >
            Last {window} days
          </Button>
        ))}
      </div>
      {insights.data ? (
        <Suspense fallback={loading}>
          <InsightsCharts insights={insights.data} />
        </Suspense>
      ) : insights.isError ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-muted-foreground">The insights could not be loaded.</p>
          <Button variant="outline" onClick={() => void insights.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        loading
      )}
    </section>
  );
}
