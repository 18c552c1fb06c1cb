import type { ProjectionHealthMonitor } from '@whosright/projections/runner/projection-health';
import type { ProjectionRunner } from '@whosright/projections/runner/projection-runner';

/**
 * `/api/ready`'s projections check: a paused or lagging projection, whichever process runs it
 * (from the stored state); and in a process that runs projections, those it is still catching up.
 * A projection another process holds the lease of is not this process's concern.
 */
export function projectionsReadiness(
  monitor: Pick<ProjectionHealthMonitor, 'problems'>,
  runner?: Pick<ProjectionRunner, 'status'>,
) {
  return async (): Promise<string | null> => {
    const stored = await monitor.problems();
    if (stored) return stored;
    const behind = (runner?.status() ?? [])
      .filter((s) => s.state === 'starting' || s.state === 'catchingUp')
      .map((s) => `${s.name} (${s.state})`);
    return behind.length ? `projections not caught up: ${behind.join(', ')}` : null;
  };
}
