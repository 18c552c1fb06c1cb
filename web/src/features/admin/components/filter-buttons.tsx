/** All / Admins / Members / Banned above the user list: one pressed at a time. */
import { USER_FILTERS, type UserFilter } from '#web/features/admin/api/admin-keys.ts';
import { cn } from '#web/lib/utils.ts';

const LABEL: Record<UserFilter, string> = {
  all: 'All',
  admins: 'Admins',
  members: 'Members',
  banned: 'Banned',
};

export function UserFilterButtons({
  active,
  onChange,
}: {
  active: UserFilter;
  onChange: (filter: UserFilter) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Show users"
      className="flex w-max rounded-full border bg-muted p-1"
    >
      {USER_FILTERS.map((filter) => {
        const current = filter === active;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={current}
            onClick={() => onChange(filter)}
            className={cn(
              'inline-flex h-8 items-center rounded-full px-3 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
              current
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {LABEL[filter]}
          </button>
        );
      })}
    </div>
  );
}
