import { categoryLabel } from '@whosright/contracts/shared/category-list';

import { Badge } from '#web/components/ui/badge.tsx';
import { timeAgo } from '#web/lib/relative-time.ts';

/** Category label and age, the first line of every story card. */
export function StoryMeta({ category, createdAt }: { category: string; createdAt: string }) {
  return (
    <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
      <Badge variant="secondary">{categoryLabel(category)}</Badge>
      <time
        dateTime={createdAt}
        title={new Date(createdAt).toLocaleString()}
        className="whitespace-nowrap"
      >
        {timeAgo(createdAt)}
      </time>
    </div>
  );
}
