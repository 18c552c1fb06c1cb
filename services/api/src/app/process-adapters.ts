import { join } from 'node:path';
import type { Registry } from 'prom-client';
import type { Config } from '#api/platform/config';
import { createJobQueue } from '#api/platform/jobs/create-job-queue';
import type { JobQueue } from '#api/platform/jobs/job-queue';
import { createKeyValueStore } from '#api/platform/kv/create-key-value-store';
import type { KeyValueStore } from '#api/platform/kv/key-value-store';
import {
  LIVE_STREAMS_PER_CLIENT,
  LiveSlots,
  liveStreamsTotal,
} from '#api/platform/live/live-slots';
import type { Logger } from '#api/platform/logger';
import { createMailer } from '#api/platform/mail/create-mailer';
import { MAIL_BACKLOG_FILE, openMailBacklog } from '#api/platform/mail/mail-backlog';
import {
  createMailDelivery,
  mailJobOptions,
  registerMailJob,
  type MailDelivery,
} from '#api/platform/mail/mail-delivery';
import { createRateLimiter } from '#api/platform/rate-limit/create-rate-limiter';
import type { RateLimiter } from '#api/platform/rate-limit/rate-limiter';
import { registerJobMetrics, registerLiveMetrics } from './process-metrics';
import type { Stores } from './stores';

/** The adapters a server process holds besides its stores, opened as the environment chooses. */
export interface ProcessAdapters {
  queue: JobQueue;
  /** Replays' and dry runs' kept results, shared across processes (Redis in scale mode). */
  keyValues: KeyValueStore;
  /** Retried writes answer their first result: kept across restarts (SQLite, or Redis). */
  idempotencyStore: KeyValueStore;
  mail: MailDelivery;
  limiter: RateLimiter;
  liveSlots: LiveSlots;
  close(): Promise<void>;
}

export async function openProcessAdapters(
  config: Config,
  logger: Logger,
  stores: Pick<Stores, 'embeddedDatabase'>,
  { runsJobs, metrics, liveStreams }: { runsJobs: boolean; metrics: Registry; liveStreams: number },
): Promise<ProcessAdapters> {
  const queue = createJobQueue(config, logger, { runWorker: runsJobs });
  registerJobMetrics(metrics, queue);
  const keyValues = createKeyValueStore(config, logger);
  const idempotencyStore = createKeyValueStore(config, logger, {
    embedded: () => stores.embeddedDatabase(),
  });
  registerMailJob(queue, createMailer(config, logger), mailJobOptions(config.mailRetryMs));
  // Mails are kept in DATA_DIR until the queue has them: a Redis outage delays them, never drops them.
  const mail = createMailDelivery({
    queue,
    backlog: openMailBacklog(join(config.dataDir, MAIL_BACKLOG_FILE)),
    logger,
  });
  const limiter = await createRateLimiter(config, logger);
  const liveShed = registerLiveMetrics(metrics, () => liveSlots.open);
  const liveSlots = new LiveSlots(LIVE_STREAMS_PER_CLIENT, liveStreamsTotal(liveStreams), () =>
    liveShed.inc(),
  );
  return {
    queue,
    keyValues,
    idempotencyStore,
    mail,
    limiter,
    liveSlots,
    async close() {
      await mail.close();
      await queue.close();
      await keyValues.close();
      await idempotencyStore.close();
      await limiter.close();
    },
  };
}
