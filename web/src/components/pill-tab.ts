import { cn } from '#web/lib/utils.ts';

/**
 * One link of a row of pill tabs (the feed's sort, the comments' order): the current one raised
 * on the muted track. `small` fits the tabs beside a section's heading.
 */
export function pillTabClass(current: boolean, small = false): string {
  return cn(
    'inline-flex items-center rounded-full font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
    small ? 'h-7 px-2.5 text-xs' : 'h-8 px-3 text-sm',
    current ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
  );
}
