import { Counter, Gauge, type Registry } from 'prom-client';
import type { ProjectionHealth } from '@whosright/projections/runner/projection-health';
import type { ProjectionRunner } from '@whosright/projections/runner/projection-runner';
import type { ProjectionState } from '@whosright/projections/runner/status';
import type { JobCounts, JobQueue } from '#api/platform/jobs/job-queue';

/** States in which this process holds a projection's lease and writes its read model. */
const HOLDING: readonly ProjectionState[] = ['catchingUp', 'live', 'paused'];

/**
 * Projection positions, lag and pauses (from the stored checkpoints, so every process reports
 * the same), the log's head, and which leases this process holds when it runs projections.
 */
export function registerProjectionMetrics(
  registry: Registry,
  report: () => Promise<ProjectionHealth[]>,
  runner?: Pick<ProjectionRunner, 'status'>,
): void {
  // One report per scrape, shared by the gauges below.
  let latest: { at: number; health: Promise<ProjectionHealth[]> } | undefined;
  const health = () => {
    if (!latest || Date.now() - latest.at > 500) latest = { at: Date.now(), health: report() };
    return latest.health;
  };
  const perProjection = (name: string, help: string, value: (h: ProjectionHealth) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const h of await health()) this.set({ projection: h.name }, value(h));
      },
    });
  perProjection(
    'whosright_projection_position',
    'Log position the read model reflects (its stored checkpoint).',
    (h) => Number(h.position),
  );
  perProjection(
    'whosright_projection_lag_seconds',
    'How long the oldest event the read model handles but does not reflect yet has been in the log.',
    (h) => h.lagSeconds,
  );
  perProjection(
    'whosright_projection_paused',
    '1 while the projection is paused on an event it could not apply.',
    (h) => (h.paused ? 1 : 0),
  );
  new Gauge({
    name: 'whosright_event_store_head_position',
    help: "Position of the log's last event.",
    registers: [registry],
    async collect() {
      const [first] = await health();
      this.set(Number(first?.head ?? 0n));
    },
  });
  if (runner)
    new Gauge({
      name: 'whosright_projection_lease_held',
      help: '1 where this process holds the projection lease (writes the read model), else 0.',
      labelNames: ['projection'] as const,
      registers: [registry],
      collect() {
        for (const s of runner.status())
          this.set({ projection: s.name }, HOLDING.includes(s.state) ? 1 : 0);
      },
    });
}

/** Jobs waiting (or waiting for a retry), running and failed, across every process. */
export function registerJobMetrics(registry: Registry, queue: Pick<JobQueue, 'counts'>): void {
  new Gauge({
    name: 'whosright_jobs',
    help: 'Jobs by state: waiting (or waiting for a retry), active, failed (kept for a retry).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts: JobCounts = await queue.counts();
      for (const state of ['waiting', 'active', 'failed'] as const)
        this.set({ state }, counts[state]);
    },
  });
}

/**
 * Open live story streams (GET /api/stories/{id}/live) on this API process; answers the counter
 * of streams ended to make room for newcomers when the process held all it may.
 */
export function registerLiveMetrics(registry: Registry, open: () => number): Counter {
  new Gauge({
    name: 'whosright_live_streams_open',
    help: 'Server-Sent Events streams open on this process.',
    registers: [registry],
    collect() {
      this.set(open());
    },
  });
  return new Counter({
    name: 'whosright_live_streams_shed_total',
    help: 'Live streams ended early to make room for a newcomer (oldest first) on a full process.',
    registers: [registry],
  });
}
