import { createProjectionHealthMonitor } from '@whosright/projections/runner/projection-health';
import { readModels } from '@whosright/projections/read-models';
import type { Config } from '#api/platform/config';
import { ensureDataDir } from '#api/platform/data-dir';
import type { Logger } from '#api/platform/logger';
import { startBackgroundProcess, type RunningProcess } from './background-process';
import { registerProjectionMetrics } from './process-metrics';
import { projectionsReadiness } from './projection-readiness';
import { openStores } from './stores';
import { createStoryChanges } from '#api/platform/live/create-story-changes';
import { publishStoryChanges } from '#api/platform/live/publish-story-changes';

/**
 * The `projector` process: runs every projection whose lease it wins (Redis); for the others it
 * stands by and takes over when their holder stops or dies. On stop it releases its leases at
 * once, so a standby takes over without waiting for them to expire.
 */
export function startProjector(config: Config, logger: Logger): Promise<RunningProcess> {
  return startBackgroundProcess('projector', config, logger, async ({ readiness, metrics }) => {
    ensureDataDir(config.dataDir);
    readiness.register('data-dir', () => ensureDataDir(config.dataDir, { throwing: false }));
    // The story screens' live tallies: published to Redis, streamed by every API process.
    const liveChanges = createStoryChanges(config, logger);
    const stores = await openStores(config, logger, {
      onCommitted: publishStoryChanges(liveChanges),
    });
    const health = createProjectionHealthMonitor({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projections: readModels,
    });
    readiness.register('projections', projectionsReadiness(health, stores.projections));
    registerProjectionMetrics(metrics, () => health.report(), stores.projections);
    return {
      close: async () => {
        await stores.close();
        await liveChanges.close();
      },
    };
  });
}
