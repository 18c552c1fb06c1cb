import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '#api/platform/logger';
import {
  assertJobOptions,
  FAILED_JOBS_KEPT,
  UnknownJobError,
  type EnqueueOptions,
  type JobHandler,
  type JobOptions,
  type JobQueue,
} from './job-queue';
import { logJobFailure } from './log-job-failure';

export interface BullmqJobQueueOptions {
  redisUrl: string;
  logger: Logger;
  /** One BullMQ queue carries every job type; the job name picks the handler. */
  queueName?: string;
  /**
   * Whether this process runs the Worker: the `worker` process (and the all-in-one process) do; an
   * `api` process only enqueues. Both run the same `register` calls: the producer needs the
   * attempts/backoff, the worker the handler.
   */
  runWorker?: boolean;
  concurrency?: number;
}

/** BullMQ refuses integer-looking ids and ids with ':'; any caller id is mapped to a safe one. */
const toBullId = (jobId: string) => `j-${encodeURIComponent(jobId)}`;
const fromBullId = (bullId: string | undefined) =>
  bullId?.startsWith('j-') ? decodeURIComponent(bullId.slice(2)) : (bullId ?? '');

/** The scale-mode adapter: a BullMQ Queue on Redis, plus (optionally) a Worker in this process. */
export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  const {
    redisUrl,
    logger,
    queueName = 'whosright-jobs',
    runWorker = true,
    concurrency = 4,
  } = options;
  const registrations = new Map<string, { handler: JobHandler<unknown>; options: JobOptions }>();

  // The producer fails fast when Redis is away; the worker must wait forever (BullMQ requires it).
  const producerConnection = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  producerConnection.on('error', (err) =>
    logger.warn({ err: { message: err.message } }, 'job queue: Redis connection error'),
  );
  const queue = new Queue(queueName, { connection: producerConnection });
  queue.on('error', (err) => logger.warn({ err: { message: err.message } }, 'job queue error'));

  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  let closed = false;

  async function runJob(job: Job): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    const context = { jobId: fromBullId(job.id), attempt: job.attemptsMade + 1 };
    const registration = registrations.get(job.name);
    try {
      if (!registration) throw new UnknownJobError(job.name);
      await registration.handler(job.data, context);
    } catch (error) {
      // Logged here, before BullMQ moves the job on, so `idle()` never resolves ahead of the line.
      logJobFailure(
        logger,
        { name: job.name, id: context.jobId, attempt: context.attempt, attempts },
        error,
      );
      throw error;
    }
  }

  function startWorker(): void {
    if (worker || !runWorker || closed) return;
    workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    workerConnection.on('error', (err) =>
      logger.warn({ err: { message: err.message } }, 'job worker: Redis connection error'),
    );
    worker = new Worker(queueName, runJob, { connection: workerConnection, concurrency });
    // Failures are logged by `runJob`; this only keeps BullMQ's own errors from going unhandled.
    worker.on('error', (err) =>
      logger.error({ err: { message: err.message } }, 'job worker error'),
    );
  }

  return {
    register(name, handler, jobOptions) {
      assertJobOptions(name, jobOptions);
      registrations.set(name, { handler: handler as JobHandler<unknown>, options: jobOptions });
      startWorker();
    },

    async enqueue(name, payload, enqueueOptions: EnqueueOptions = {}) {
      if (closed) throw new Error(`The job queue is closed; ${name} was not enqueued`);
      const registration = registrations.get(name);
      if (!registration) throw new UnknownJobError(name);
      const { attempts, backoffMs } = registration.options;
      const jobId = toBullId(enqueueOptions.jobId ?? randomUUID());
      // BullMQ ignores an id it still holds; a failed job's id is enqueued afresh.
      if (enqueueOptions.jobId && (await queue.getJobState(jobId)) === 'failed')
        await queue.remove(jobId);
      await queue.add(name, payload, {
        jobId,
        attempts,
        backoff: { type: 'exponential', delay: backoffMs },
        // Payloads may carry mail bodies with tokens: nothing is kept once a job is done. A
        // failed job is kept (payload included, so it can be retried) for a week at most.
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600, count: FAILED_JOBS_KEPT },
      });
    },

    async failed(limit = 100) {
      const jobs = await queue.getFailed(0, limit - 1);
      return jobs.map((job) => ({
        id: fromBullId(job.id),
        name: job.name,
        attempts: job.attemptsMade,
        error: job.failedReason,
        failedAt: new Date(job.finishedOn ?? job.timestamp).toISOString(),
      }));
    },

    async retry(jobId) {
      const job = await queue.getJob(toBullId(jobId));
      if (!job || (await job.getState()) !== 'failed') return false;
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return true;
    },

    async counts() {
      const counts = await queue.getJobCounts(
        'wait',
        'delayed',
        'prioritized',
        'paused',
        'active',
        'failed',
      );
      const count = (state: string) => counts[state] ?? 0;
      return {
        waiting: count('wait') + count('delayed') + count('prioritized') + count('paused'),
        active: count('active'),
        failed: count('failed'),
      };
    },

    async idle() {
      for (;;) {
        const counts = await queue.getJobCounts(
          'wait',
          'active',
          'delayed',
          'prioritized',
          'waiting-children',
          'paused',
        );
        if (Object.values(counts).every((count) => count === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    async close() {
      closed = true;
      await worker?.close();
      await queue.close();
      await Promise.allSettled([producerConnection.quit(), workerConnection?.quit()]);
    },
  };
}
