import type { StoryStatus } from '@whosright/contracts/story/events';

import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/utils.ts';

/** A story's status by colour: approved green, pending yellow, rejected red, any other grey. */
const TONE: Record<StoryStatus, string> = {
  approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  hidden: 'bg-muted text-muted-foreground',
};

export function StatusBadge({ status }: { status: StoryStatus }) {
  // variant null: none of the Badge's own colours, the tone sets them.
  return (
    <Badge variant={null} className={cn('border-transparent capitalize', TONE[status])}>
      {status}
    </Badge>
  );
}
