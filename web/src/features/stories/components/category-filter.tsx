import { Link } from '@tanstack/react-router';
import { STORY_CATEGORIES } from '@whosright/contracts/shared/category-list';

import { cn } from '#web/lib/utils.ts';

const chip =
  'inline-flex h-9 shrink-0 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring';

/** All + the seven categories, as links that keep the order (the URL: /?category=money). */
export function CategoryFilter({ active }: { active: string | null }) {
  const options = [{ value: null, label: 'All' }, ...STORY_CATEGORIES];
  return (
    <nav
      aria-label="Filter by category"
      className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:overflow-visible sm:px-0"
    >
      <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
        {options.map(({ value, label }) => {
          const current = value === active;
          return (
            <li key={label}>
              <Link
                to="/"
                search={(prev) => ({
                  ...(prev.sort ? { sort: prev.sort } : {}),
                  ...(value ? { category: value } : {}),
                })}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  chip,
                  current
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-card text-foreground hover:bg-accent',
                )}
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
