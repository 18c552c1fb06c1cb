import { Link } from '@tanstack/react-router';

import type { SearchParams } from '#web/features/search/lib/search-params.ts';
import { cn } from '#web/lib/utils.ts';

const chip =
  'inline-flex h-9 shrink-0 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring';

/**
 * One filter of the search as a row of chips: "Any" and each value, as links that keep the text
 * and the other filters (the URL: /search?q=dishes&verdict=she). Scrolls sideways on phones.
 */
export function FilterChips<K extends 'category' | 'verdict' | 'within'>({
  name,
  label,
  options,
  active,
}: {
  name: K;
  label: string;
  options: ReadonlyArray<{ value: NonNullable<SearchParams[K]>; label: string }>;
  active: SearchParams[K] | undefined;
}) {
  const all = [{ value: undefined, label: 'Any' }, ...options];
  return (
    <nav
      aria-label={label}
      className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:overflow-visible sm:px-0"
    >
      <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
        {all.map((option) => {
          const current = option.value === active;
          return (
            <li key={option.label}>
              <Link
                to="/search"
                search={(prev: SearchParams): SearchParams => {
                  const { [name]: _dropped, ...rest } = prev;
                  return option.value ? { ...rest, [name]: option.value } : rest;
                }}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  chip,
                  current
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-card text-foreground hover:bg-accent',
                )}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
