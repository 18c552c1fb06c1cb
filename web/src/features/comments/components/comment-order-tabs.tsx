import { Link } from '@tanstack/react-router';

import { pillTabClass } from '#web/components/pill-tab.ts';
import { COMMENT_ORDERS, type CommentOrder } from '#web/features/comments/lib/comment-order.ts';

/**
 * Oldest / Top / Newest over a story's comments, as links that keep the order in the URL
 * (`?comments=top`). They replace the history entry and keep the scroll: the reader stays where
 * they were on the same story.
 */
export function CommentOrderTabs({ storyId, active }: { storyId: string; active: CommentOrder }) {
  return (
    <nav aria-label="Sort comments">
      <ul className="flex rounded-full border bg-muted p-0.5">
        {COMMENT_ORDERS.map(({ value, label }) => {
          const current = value === active;
          return (
            <li key={value}>
              <Link
                to="/story/$id"
                params={{ id: storyId }}
                search={value === 'oldest' ? {} : { comments: value }}
                replace
                resetScroll={false}
                // Only the exact URL is current: `?comments=top` must not also light up Oldest.
                activeOptions={{ exact: true }}
                aria-current={current ? 'page' : undefined}
                className={pillTabClass(current, true)}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
