import { join } from 'node:path';
import type { Config } from '#api/platform/config';
import { createJobQueue } from '#api/platform/jobs/create-job-queue';
import type { Logger } from '#api/platform/logger';
import { createMailer } from '#api/platform/mail/create-mailer';
import {
  createMailDelivery,
  mailJobOptions,
  registerMailJob,
} from '#api/platform/mail/mail-delivery';
import { MAIL_BACKLOG_FILE, openMailBacklog } from '#api/platform/mail/mail-backlog';
import { CommandBus } from '#api/write/command-bus';
import { createKeyValueStore } from '#api/platform/kv/create-key-value-store';
import { registerReplayJob } from '#api/replay/replay-job';
import { registerDryRunJob } from '#api/automod/dry-run-job';
import { DryRunRecords } from '#api/automod/dry-run-records';
import { ReplayRecords } from '#api/replay/replay-records';
import { startBackgroundProcess, type RunningProcess } from './background-process';
import { registerJobMetrics } from './process-metrics';
import { queriesOf } from './compose';
import { startDailyDigest } from './notification-wiring';
import { rejections } from './rejections';
import { openStores } from './stores';

/**
 * The `worker` process: runs the jobs the API processes enqueue (mail, replays) and the daily
 * digest, with their retries; a job
 * that fails for good stays in the failed list (`npm run jobs`). On stop it takes no new job and
 * lets the running ones finish.
 */
export function startWorker(
  config: Config & { sessionSecret: string },
  logger: Logger,
): Promise<RunningProcess> {
  return startBackgroundProcess('worker', config, logger, async ({ readiness, metrics }) => {
    // Replays read the log and build scratch copies: the stores, without projections.
    const stores = await openStores(config, logger, { runProjections: false });
    const keyValues = createKeyValueStore(config, logger);
    const queue = createJobQueue(config, logger, { runWorker: true });
    registerReplayJob(queue, {
      eventStore: stores.forgettingLog,
      readStore: stores.readStore,
      records: new ReplayRecords(keyValues, stores.forgettingLog),
    });
    registerDryRunJob(queue, {
      log: stores.forgettingLog,
      records: new DryRunRecords(keyValues, stores.forgettingLog),
    });
    registerMailJob(queue, createMailer(config, logger), mailJobOptions(config.mailRetryMs));
    // The daily digest reads the read models the projector keeps and appends what it told.
    const mail = createMailDelivery({
      queue,
      backlog: openMailBacklog(join(config.dataDir, MAIL_BACKLOG_FILE)),
      logger,
    });
    const digest = startDailyDigest({
      bus: new CommandBus(stores.eventStore, null, rejections),
      queries: queriesOf(stores.readStore),
      queue,
      logger,
      config,
      send: (m, jobId) => mail.deliver(m, { jobId }),
    });
    readiness.register('jobs', () =>
      queue.counts().then(
        () => null,
        () => 'the job queue (Redis) is unreachable',
      ),
    );
    registerJobMetrics(metrics, queue);
    return {
      async close() {
        digest.stop();
        await mail.close();
        await queue.close();
        await keyValues.close();
        await stores.close();
      },
    };
  });
}
