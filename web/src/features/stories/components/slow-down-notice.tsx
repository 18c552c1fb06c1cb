import { HourglassIcon } from 'lucide-react';

import { useSecondsLeft } from '#web/hooks/use-seconds-left.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * "Slow down a moment — next story in 12 s", counting down while a call the client rate limiter
 * held back waits for its turn (`until`, epoch ms): the reader went faster than the limit allows,
 * and the story comes as soon as there is room. The live region stays mounted, empty when there
 * is nothing to say, so screen readers hear the notice when it appears; the ticking seconds are
 * not live, so they are not read out each second.
 */
export function SlowDownNotice({ until, className }: { until: number | null; className?: string }) {
  const seconds = useSecondsLeft(until);
  return (
    <div role="status">
      {seconds > 0 ? (
        <p
          className={cn(
            'flex items-center gap-2 rounded-xl border bg-muted/60 px-4 py-3 text-sm text-muted-foreground',
            className,
          )}
        >
          <HourglassIcon className="size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold text-foreground">Slow down a moment</strong> — next
            story in{'\u00a0'}
            <span aria-live="off" className="whitespace-nowrap tabular-nums">
              {seconds} s
            </span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
