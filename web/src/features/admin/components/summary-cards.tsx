/** The summary cards; each one opens its tab. */
import type { AdminSummary } from '@whosright/contracts/account/dto';

import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAdminSummary } from '#web/features/admin/api/get-admin-summary.ts';

export type AdminTab =
  'pending' | 'users' | 'flagged' | 'reports' | 'poor' | 'log' | 'automod' | 'insights';

const CARDS: Array<{ field: keyof AdminSummary; title: string; tab: AdminTab }> = [
  { field: 'pendingStories', title: 'Pending Stories', tab: 'pending' },
  { field: 'totalUsers', title: 'Total Users', tab: 'users' },
  { field: 'flaggedComments', title: 'Flagged Comments', tab: 'flagged' },
  { field: 'openReports', title: 'Open Reports', tab: 'reports' },
  { field: 'poorStories', title: 'Poor Stories', tab: 'poor' },
];

export function SummaryCards({ onOpen }: { onOpen: (tab: AdminTab) => void }) {
  const summary = useAdminSummary();
  return (
    <ul aria-label="Summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map((card) => (
        <li key={card.field}>
          <button
            type="button"
            onClick={() => onOpen(card.tab)}
            className="grid w-full gap-1 rounded-xl border bg-card p-4 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            <span className="text-sm text-muted-foreground">{card.title}</span>
            {summary.data ? (
              <span className="font-display text-2xl font-bold tabular-nums sm:text-3xl">
                {summary.data[card.field]}
              </span>
            ) : summary.isError ? (
              <span className="font-display text-2xl font-bold text-muted-foreground">–</span>
            ) : (
              <Skeleton className="h-8 w-12 sm:h-9" />
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
