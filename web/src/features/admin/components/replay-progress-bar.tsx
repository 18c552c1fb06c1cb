/**
 * A replay under way: "Building the ranking as of …", a bar, and done / total · events/s · time
 * left; while it waits for a free slot (only a few replays run at once), "Queued" too.
 */
import type { ReplayProgress } from '@whosright/contracts/story/ranking-dto';
import { progressPercent, progressText } from '@whosright/contracts/story/replay-progress-text';

import { ProgressBar } from '#web/components/progress-bar.tsx';

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
  const percent = queued ? 0 : progressPercent(progress);
  const counts = progress.total > 0 ? progressText(progress) : 'Counting the events…';
  // Only a few replays run at once: a new one is queued until a slot is free, often at once.
  const text = queued ? `Queued until a replay slot is free · ${counts}` : counts;
  return (
    <ProgressBar title={`Building the ranking as of ${moment}`} percent={percent} text={text} />
  );
}
