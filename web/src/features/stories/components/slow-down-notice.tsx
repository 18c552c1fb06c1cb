import { HourglassIcon } from 'lucide-react';

/**
 * Shown while a call the client rate limiter held back waits for its turn: the reader went
 * faster than the limit allows, and the story comes as soon as there is room.
 */
export function SlowDownNotice() {
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-xl border bg-muted/60 px-4 py-3 text-sm text-muted-foreground"
    >
      <HourglassIcon className="size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold text-foreground">Slow down a moment</strong>: the next
        story loads in a few seconds.
      </span>
    </p>
  );
}
