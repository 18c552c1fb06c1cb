import { Link } from '@tanstack/react-router';
import type { StoryFeedSort } from '@whosright/contracts/story/dto';

import { pillTabClass } from '#web/components/pill-tab.ts';
import { FEED_SORTS } from '#web/features/stories/lib/feed-sorts.ts';

/** Newest / Most voted / Most divisive, as links that keep the category (/?sort=votes). */
export function FeedSortTabs({ active }: { active: StoryFeedSort }) {
  return (
    // On a narrow phone it scrolls sideways, like the category chips, instead of widening the page.
    <nav
      aria-label="Sort stories"
      className="-mx-4 w-[calc(100%+2rem)] overflow-x-auto px-4 sm:mx-0 sm:w-auto sm:overflow-visible sm:px-0"
    >
      <ul className="flex w-max rounded-full border bg-muted p-1">
        {FEED_SORTS.map(({ value, label }) => {
          const current = value === active;
          return (
            <li key={value}>
              <Link
                to="/"
                search={(prev) => ({
                  ...(prev.category ? { category: prev.category } : {}),
                  ...(value === 'newest' ? {} : { sort: value }),
                })}
                aria-current={current ? 'page' : undefined}
                className={pillTabClass(current)}
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
