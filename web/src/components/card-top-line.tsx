import type { ReactNode } from 'react';
import { categoryLabel } from '@whosright/contracts/shared/category-list';

import { Badge } from '#web/components/ui/badge.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';

/** Badges, category and age on the left, actions on the right; wraps on narrow phones. */
export function CardTopLine({
  badges,
  category,
  createdAt,
  actions,
}: {
  badges?: ReactNode;
  category: string;
  createdAt: string;
  actions: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      {badges}
      <Badge variant="secondary">{categoryLabel(category)}</Badge>
      <TimeAgo at={createdAt} />
      <div className="ml-auto flex items-center gap-1">{actions}</div>
    </div>
  );
}
