/** A row of filters above an admin list (All / Admins / ..., Open / Closed): one pressed at a time. */
import { cn } from '#web/lib/utils.ts';

export function FilterButtons<T extends string>({
  label,
  options,
  active,
  onChange,
}: {
  /** What the group chooses, for screen readers ("Show users"). */
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  active: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex w-max rounded-full border bg-muted p-1">
      {options.map((option) => {
        const current = option.value === active;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={current}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex h-8 items-center rounded-full px-3 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
              current
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
