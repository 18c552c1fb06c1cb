import type { ReplayProgress } from '@whosright/contracts/story/ranking-dto';
import type { RebuildProgress } from '@whosright/projections/runner/rebuild';

/**
 * A rebuild's progress as a replay shows it (the CLI and the admin panel alike): events done out
 * of the total, the rate so far, and the seconds left at that rate. `total` is the count of
 * events up to the moment when the event store can tell it; otherwise it is estimated from how
 * far the log positions have come (positions are byte offsets on KurrentDB, so only roughly).
 */
export function replayProgress(p: RebuildProgress, total: number | undefined): ReplayProgress {
  const done = p.events;
  const estimated = total ?? estimateTotal(p);
  const all = Math.max(estimated, done);
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? done / seconds : 0;
  return {
    done,
    total: all,
    eventsPerSecond: Math.round(rate),
    etaSeconds: done >= all ? 0 : rate > 0 ? Math.ceil((all - done) / rate) : null,
  };
}

function estimateTotal(p: RebuildProgress): number {
  const head = Number(p.head);
  const position = Number(p.position);
  if (head <= 0 || position <= 0) return p.events;
  return Math.round(p.events * Math.max(1, head / position));
}

/** Nothing read yet. */
export function startingProgress(total: number): ReplayProgress {
  return { done: 0, total, eventsPerSecond: 0, etaSeconds: total === 0 ? 0 : null };
}

/** The end: every event read. */
export function finishedProgress(p: ReplayProgress): ReplayProgress {
  return { ...p, total: p.done, etaSeconds: 0 };
}
