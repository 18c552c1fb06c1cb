import { categoryLabel } from '@whosright/contracts/shared/category-list';

import { Badge } from '#web/components/ui/badge.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';

/** Category label and age, the first line of every story card. */
export function StoryMeta({ category, createdAt }: { category: string; createdAt: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <Badge variant="secondary">{categoryLabel(category)}</Badge>
      <TimeAgo at={createdAt} />
    </div>
  );
}
