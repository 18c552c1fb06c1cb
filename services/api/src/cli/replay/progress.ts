import { progressPercent, progressText } from '@whosright/contracts/story/replay-progress-text';
import type { RebuildProgress } from '@whosright/projections/runner/rebuild';
import { replayProgress } from '#api/replay/replay-progress';

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * A progress bar with done / total, events/s and the time left on a terminal (redrawn in place);
 * plain lines at most every two seconds otherwise, so logs stay readable. The numbers and their
 * wording are the admin panel's (`replayProgress`, `progressText`). `total`: the events the
 * replay will read, when the event store can count them.
 */
export function createProgressReporter(
  out: ProgressOutput,
  now: () => number = Date.now,
  total?: number,
): { update(p: RebuildProgress): void; done(): void } {
  let lastLine = -Infinity;
  let drawn = false;
  return {
    update(p) {
      const progress = replayProgress(p, total);
      const percent = progressPercent(progress);
      const stats = progressText(progress);
      if (out.isTTY) {
        const width = Math.max(10, Math.min(40, (out.columns ?? 80) - stats.length - 10));
        const filled = Math.round((percent / 100) * width);
        out.write(
          `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${stats}\x1b[K`,
        );
        drawn = true;
      } else if (now() - lastLine >= 2_000 || percent >= 100) {
        lastLine = now();
        out.write(`replay: ${percent}%  ${stats}\n`);
      }
    },
    done() {
      if (drawn) out.write('\n');
    },
  };
}
