import type { RebuildProgress } from '@whosright/projections/runner/rebuild';

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/**
 * A progress bar with events/s and ETA on a terminal (redrawn in place); plain lines at most every
 * two seconds otherwise, so logs stay readable.
 */
export function createProgressReporter(
  out: ProgressOutput,
  now: () => number = Date.now,
): { update(p: RebuildProgress): void; done(): void } {
  let lastLine = -Infinity;
  let drawn = false;
  return {
    update(p) {
      const seconds = p.elapsedMs / 1000;
      const rate = seconds > 0 ? p.events / seconds : 0;
      const total = Math.max(Number(p.head), Number(p.position), 1);
      const fraction = Math.min(1, Number(p.position) / total);
      const eta = rate > 0 ? (total - Number(p.position)) / rate : Infinity;
      const stats = `${fmt(p.events)} events  ${fmt(rate)} events/s  ETA ${duration(eta)}`;
      if (out.isTTY) {
        const width = Math.max(10, Math.min(40, (out.columns ?? 80) - stats.length - 10));
        const filled = Math.round(fraction * width);
        out.write(
          `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${stats}\x1b[K`,
        );
        drawn = true;
      } else if (now() - lastLine >= 2_000 || fraction >= 1) {
        lastLine = now();
        out.write(`replay: ${Math.floor(fraction * 100)}%  ${stats}\n`);
      }
    },
    done() {
      if (drawn) out.write('\n');
    },
  };
}
