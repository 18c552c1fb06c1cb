import type { Registry } from 'prom-client';
import { readModels } from '@whosright/projections/read-models';
import {
  createProjectionHealthMonitor,
  type ProjectionHealthMonitor,
} from '@whosright/projections/runner/projection-health';
import type { ReadinessProbe } from '#api/platform/readiness';
import { registerProjectionMetrics } from './process-metrics';
import type { Stores } from './stores';
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

/**
 * The projections' health as `/api/ready` and the metrics report it: measured on the stored
 * checkpoints, and on the runner where this process runs the projections.
 */
export function watchProjections(
  stores: Pick<Stores, 'eventStore' | 'readStore' | 'projections'>,
  {
    readiness,
    metrics,
    runsProjections,
    healthClock,
  }: {
    readiness: ReadinessProbe;
    metrics: Registry;
    runsProjections: boolean;
    /** The clock projection lag is measured by; Date.now unless a spec moves its own. */
    healthClock?: () => number;
  },
): void {
  const health = createProjectionHealthMonitor({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    projections: readModels,
    ...(healthClock ? { now: healthClock } : {}),
  });
  const runningHere = runsProjections ? stores.projections : undefined;
  readiness.register('projections', projectionsReadiness(health, runningHere));
  registerProjectionMetrics(metrics, () => health.report(), runningHere);
}
