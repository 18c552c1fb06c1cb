import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { createBullmqJobQueue } from './bullmq-job-queue';
import { createInProcessJobQueue } from './in-process-job-queue';
import type { JobQueue } from './job-queue';

/**
 * Picks the adapter from the environment alone: BullMQ when REDIS_URL is set, the in-process runner
 * otherwise. `runWorker: false` is for a process that only enqueues.
 */
export function createJobQueue(
  config: Pick<Config, 'redisUrl'>,
  logger: Logger,
  options: { runWorker?: boolean } = {},
): JobQueue {
  if (config.redisUrl)
    return createBullmqJobQueue({
      redisUrl: config.redisUrl,
      logger,
      runWorker: options.runWorker ?? true,
    });
  return createInProcessJobQueue({ logger });
}
