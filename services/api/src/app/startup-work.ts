import { join } from 'node:path';
import type { EventStore } from '@whosright/eventstore/port';
import type { LeaseManager } from '@whosright/projections/runner/lease/port';
import type { ProjectionRunner } from '@whosright/projections/runner/projection-runner';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import type { ReadinessProbe } from '#api/platform/readiness';
import { DEMO_ADMIN_FILE } from '#api/seed/demo-admin';
import { seedDemo } from '#api/seed/seed-demo';
import { seedDemoComments } from '#api/seed/seed-demo-comments';
import type { ServiceDeps, SliceEdge } from '#api/wiring/slice';
import { commandBusOver } from './command-bus-over';
import { servicesOf } from './slices';

/** How long the demo seed waits for the read models to catch up with it before it says so. */
const SEED_CATCH_UP_MS = 60_000;

/** The lease the start-up work (resumed deletions, the demo seed) runs under: one API at a time. */
const STARTUP_WORK_LEASE = 'api-startup-work';

export interface StartupWorkDeps {
  config: Pick<Config, 'seedDemo' | 'nodeEnv' | 'dataDir'>;
  logger: Logger;
  readiness: ReadinessProbe;
  leases: LeaseManager;
  eventStore: EventStore;
  projections: Pick<ProjectionRunner, 'waitFor'>;
  edges: ReadonlyArray<{ name: string; edge: SliceEdge }>;
  /** What the seed's services are built from (its own bus, which waits for no read model). */
  serviceDeps: Omit<ServiceDeps, 'bus'>;
}

/**
 * After the server listens: the slices' resumed work (what a crash interrupted), then the demo
 * seed (SEED_DEMO on, empty store). Several API processes may start together: one at a time
 * does it, and the next finds nothing left to do (the seed only writes into an empty store).
 */
export class StartupWork {
  private seeding = false;
  private running: Promise<void> | undefined;
  private readonly closing = new AbortController();

  constructor(private readonly deps: StartupWorkDeps) {
    if (deps.config.seedDemo)
      deps.readiness.register('demo-seed', () => (this.seeding ? 'seeding demo content' : null));
  }

  start(): void {
    this.seeding = this.deps.config.seedDemo;
    this.running = this.run().finally(() => {
      this.running = undefined;
    });
  }

  async close(): Promise<void> {
    this.closing.abort(new Error('The application is closing'));
    await this.running;
  }

  private async run(): Promise<void> {
    const lease = await this.deps.leases
      .acquire(STARTUP_WORK_LEASE, { signal: this.closing.signal })
      .catch(() => undefined);
    try {
      if (!lease) return;
      for (const { name, edge } of this.deps.edges)
        await edge
          .resume?.()
          .catch((error: unknown) =>
            this.deps.logger.error({ err: error }, `${name}: resuming interrupted work failed`),
          );
      if (this.deps.config.seedDemo && !this.closing.signal.aborted) await this.seed();
    } finally {
      this.seeding = false;
      await lease?.release();
    }
  }

  /**
   * The seed reads nothing back, so its writes wait for no read model (a bus without
   * projections); the demo counts as seeded once every read model has caught up with it.
   */
  private async seed(): Promise<void> {
    const { config, logger, eventStore, projections } = this.deps;
    const bus = commandBusOver(eventStore, null);
    const seed = servicesOf({ ...this.deps.serviceDeps, bus });
    try {
      const seeded = await seedDemo(
        {
          bus,
          accounts: seed.accounts,
          stories: seed.stories,
          engagement: seed.engagement,
          extras: [seedDemoComments(seed.comments)],
          demoAdminFile:
            config.nodeEnv === 'development' ? join(config.dataDir, DEMO_ADMIN_FILE) : undefined,
        },
        logger,
      );
      const head = await eventStore.headPosition();
      if (seeded && !(await projections.waitFor(head, undefined, SEED_CATCH_UP_MS)))
        logger.warn('demo seed: the read models are still catching up with it');
    } catch (error) {
      logger.error({ err: error }, 'demo seed failed');
    }
  }
}
