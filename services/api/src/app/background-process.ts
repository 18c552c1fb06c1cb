import { createApp } from '#api/platform/app';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { createMetricsRegistry } from '#api/platform/metrics/registry';
import { ReadinessProbe } from '#api/platform/readiness';
import { listen } from './listen';

export interface RunningProcess {
  url: string;
  metricsUrl: string | undefined;
  stop(): Promise<void>;
}

export interface ProcessParts {
  /** Closes what the part opened, after the listener stopped (bounded by the caller). */
  close(): Promise<void>;
}

/**
 * A process with no public API (projector, worker): it listens on HOST:PORT only for
 * `/api/health`, `/api/ready` and the metrics, so orchestrators can watch it like the API.
 */
export async function startBackgroundProcess(
  role: 'projector' | 'worker',
  config: Config,
  logger: Logger,
  open: (parts: {
    readiness: ReadinessProbe;
    metrics: ReturnType<typeof createMetricsRegistry>;
  }) => Promise<ProcessParts>,
): Promise<RunningProcess> {
  const readiness = new ReadinessProbe();
  const metrics = createMetricsRegistry({ role });
  const parts = await open({ readiness, metrics });
  const app = createApp({ config, logger, readiness, webDist: null, metrics });
  const listening = await listen(app, config, { metrics }).catch(async (error: unknown) => {
    await parts.close();
    throw error;
  });
  return {
    url: listening.url,
    metricsUrl: listening.metricsUrl,
    async stop() {
      await listening.close();
      await parts.close();
    },
  };
}
