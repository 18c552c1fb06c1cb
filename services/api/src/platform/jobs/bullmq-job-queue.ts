import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { connectRedis, redisOutageLog } from '#api/platform/redis/redis-connection';
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

/** One BullMQ queue and, where this process runs jobs, its Worker. */
interface Lane {
  queue: Queue;
  concurrency: number;
  worker?: Worker;
  workerConnection?: Redis;
}

/** BullMQ job states of a job still to run, or running. */
const PENDING_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/**
 * The scale-mode adapter: BullMQ queues on Redis, plus (optionally) their Workers in this
 * process. Job types share one queue, whose Worker runs `concurrency` jobs at once; a type with
 * its own `concurrency` gets a queue of its own (BullMQ caps a Worker, not a job name), so a
 * line of slow jobs never holds the slots of the others.
 */
export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  const {
    redisUrl,
    logger,
    queueName = 'whosright-jobs',
    runWorker = true,
    concurrency = 4,
  } = options;
  const registrations = new Map<
    string,
    { handler: JobHandler<unknown>; options: JobOptions; lane: Lane }
  >();

  // The producer fails fast when Redis is away; the worker must wait forever (BullMQ requires it).
  // BullMQ repeats its connections' errors on the queue and the worker: one outage, one line.
  const producerOutage = redisOutageLog(logger, 'job queue');
  const producerConnection = connectRedis(redisUrl, { maxRetriesPerRequest: 2 }, producerOutage);
  const lanes = new Map<string, Lane>();
  let closed = false;

  function openLane(name: string, laneConcurrency: number): Lane {
    const existing = lanes.get(name);
    if (existing) return existing;
    const queue = new Queue(name, { connection: producerConnection });
    queue.on('error', (err) => {
      if (!producerOutage.down) logger.warn({ err: { message: err.message } }, 'job queue error');
    });
    const lane: Lane = { queue, concurrency: laneConcurrency };
    lanes.set(name, lane);
    return lane;
  }
  // The shared lane is always open: `npm run jobs` lists and retries its failures unregistered.
  const shared = openLane(queueName, concurrency);

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

  function startWorker(lane: Lane): void {
    if (lane.worker || !runWorker || closed) return;
    const workerOutage = redisOutageLog(logger, 'job worker');
    const connection = connectRedis(redisUrl, { maxRetriesPerRequest: null }, workerOutage);
    lane.workerConnection = connection;
    lane.worker = new Worker(lane.queue.name, runJob, {
      connection,
      concurrency: lane.concurrency,
    });
    // Failures are logged by `runJob`; this only keeps BullMQ's own errors from going unhandled.
    lane.worker.on('error', (err) => {
      if (!workerOutage.down) logger.error({ err: { message: err.message } }, 'job worker error');
    });
  }

  const allLanes = () => [...lanes.values()];

  async function findJob(jobId: string): Promise<Job | undefined> {
    for (const lane of allLanes()) {
      const job: Job | undefined = await lane.queue.getJob(toBullId(jobId));
      if (job) return job;
    }
    return undefined;
  }

  return {
    register(name, handler, jobOptions) {
      assertJobOptions(name, jobOptions);
      const lane =
        jobOptions.concurrency === undefined
          ? shared
          : openLane(`${queueName}-${name}`, jobOptions.concurrency);
      registrations.set(name, {
        handler: handler as JobHandler<unknown>,
        options: jobOptions,
        lane,
      });
      startWorker(lane);
    },

    async enqueue(name, payload, enqueueOptions: EnqueueOptions = {}) {
      if (closed) throw new Error(`The job queue is closed; ${name} was not enqueued`);
      const registration = registrations.get(name);
      if (!registration) throw new UnknownJobError(name);
      const { attempts, backoffMs } = registration.options;
      const { queue } = registration.lane;
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

    async pending(jobId) {
      for (const lane of allLanes()) {
        if (PENDING_STATES.has(await lane.queue.getJobState(toBullId(jobId)))) return true;
      }
      return false;
    },

    async failed(limit = 100) {
      const perLane = await Promise.all(
        allLanes().map((lane) => lane.queue.getFailed(0, limit - 1)),
      );
      const newestFirst = perLane
        .flat()
        .sort((a, b) => (b.finishedOn ?? b.timestamp) - (a.finishedOn ?? a.timestamp))
        .slice(0, limit);
      return newestFirst.map((job) => ({
        id: fromBullId(job.id),
        name: job.name,
        attempts: job.attemptsMade,
        error: job.failedReason,
        failedAt: new Date(job.finishedOn ?? job.timestamp).toISOString(),
      }));
    },

    async retry(jobId) {
      const job = await findJob(jobId);
      if (!job || (await job.getState()) !== 'failed') return false;
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return true;
    },

    async counts() {
      const perLane = await Promise.all(
        allLanes().map((lane) =>
          lane.queue.getJobCounts('wait', 'delayed', 'prioritized', 'paused', 'active', 'failed'),
        ),
      );
      const count = (state: string) =>
        perLane.reduce((sum, counts) => sum + (counts[state] ?? 0), 0);
      return {
        waiting: count('wait') + count('delayed') + count('prioritized') + count('paused'),
        active: count('active'),
        failed: count('failed'),
      };
    },

    async idle() {
      for (const lane of allLanes()) {
        for (;;) {
          const counts = await lane.queue.getJobCounts(
            'wait',
            'active',
            'delayed',
            'prioritized',
            'waiting-children',
            'paused',
          );
          if (Object.values(counts).every((count) => count === 0)) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    },

    async close() {
      closed = true;
      await Promise.all(allLanes().flatMap((lane) => (lane.worker ? [lane.worker.close()] : [])));
      await Promise.all(allLanes().map((lane) => lane.queue.close()));
      await Promise.allSettled([
        producerConnection.quit(),
        ...allLanes().flatMap((lane) =>
          lane.workerConnection ? [lane.workerConnection.quit()] : [],
        ),
      ]);
    },
  };
}
