/** A compact ranking: each story's first words, its skip rate, views and skips, and a mark. */
import type { ReactNode } from 'react';

import { Badge } from '#web/components/ui/badge.tsx';
import { skipRatePercent } from '#web/features/admin/components/skip-rate.ts';

export interface RankedItem {
  id: string;
  excerpt: string;
  skipRate: string;
  viewCount: number;
  skipCount: number;
}

export function RankedStoryList({
  title,
  items,
  empty,
  mark,
}: {
  title: ReactNode;
  items: readonly RankedItem[];
  empty: string;
  /** A badge for some stories ("Would enter", "Would leave"). */
  mark?: (item: RankedItem) => ReactNode;
}) {
  return (
    <section className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4">
      <h3 className="font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol className="grid gap-3">
          {items.map((item, i) => (
            <li
              key={item.id}
              className="grid min-w-0 gap-1 border-t pt-3 first:border-t-0 first:pt-0"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold tabular-nums">#{i + 1}</span>
                <Badge
                  variant={null}
                  className="border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200"
                >
                  {skipRatePercent(item.skipRate)} skip rate
                </Badge>
                {mark?.(item)}
              </div>
              <p className="line-clamp-2 text-sm break-words">{item.excerpt}</p>
              <p className="text-xs text-muted-foreground">
                {item.viewCount} {item.viewCount === 1 ? 'view' : 'views'} · {item.skipCount}{' '}
                {item.skipCount === 1 ? 'skip' : 'skips'}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
