import type { Config } from '#api/platform/config';
import { createJobQueue } from '#api/platform/jobs/create-job-queue';
import type { Logger } from '#api/platform/logger';
import { createMailer } from '#api/platform/mail/create-mailer';
import { createMailDelivery, mailJobOptions } from '#api/platform/mail/mail-delivery';
import { startBackgroundProcess, type RunningProcess } from './background-process';
import { registerJobMetrics } from './process-metrics';

/**
 * The `worker` process: runs the jobs the API processes enqueue (mail), with their retries; a job
 * that fails for good stays in the failed list (`npm run jobs`). On stop it takes no new job and
 * lets the running ones finish.
 */
export function startWorker(config: Config, logger: Logger): Promise<RunningProcess> {
  return startBackgroundProcess('worker', config, logger, ({ readiness, metrics }) => {
    const queue = createJobQueue(config, logger, { runWorker: true });
    createMailDelivery(
      queue,
      createMailer(config, logger),
      logger,
      mailJobOptions(config.mailRetryMs),
    );
    readiness.register('jobs', () =>
      queue.counts().then(
        () => null,
        () => 'the job queue (Redis) is unreachable',
      ),
    );
    registerJobMetrics(metrics, queue);
    return Promise.resolve({ close: () => queue.close() });
  });
}
