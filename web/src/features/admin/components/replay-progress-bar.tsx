/**
 * A replay under way: "Building the ranking as of …", a bar, and done / total · events/s · time
 * left; while it waits for a free slot (only a few replays run at once), "Queued" too.
 */
import type { ReplayProgress } from '@whosright/contracts/story/ranking-dto';
import { progressPercent, progressText } from '@whosright/contracts/story/replay-progress-text';
import { useId } from 'react';

export function ReplayProgressBar({
  moment,
  progress,
  queued = false,
}: {
  /** The moment as the admin reads it, e.g. "Nov 16, 2026, 9:30 AM". */
  moment: string;
  progress: ReplayProgress;
  /** Waiting for a free slot: only a few replays run at once. */
  queued?: boolean;
}) {
  const labelId = useId();
  const percent = queued ? 0 : progressPercent(progress);
  const counts = progress.total > 0 ? progressText(progress) : 'Counting the events…';
  // Only a few replays run at once: a new one is queued until a slot is free, often at once.
  const text = queued ? `Queued until a replay slot is free · ${counts}` : counts;
  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm font-semibold">
        Building the ranking as of {moment}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${text}`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground tabular-nums">{text}</p>
    </div>
  );
}
