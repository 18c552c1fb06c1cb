import { randomUUID } from 'node:crypto';
import type { Logger } from '#api/platform/logger';
import {
  assertJobOptions,
  backoffDelay,
  FAILED_JOBS_KEPT,
  UnknownJobError,
  type EnqueueOptions,
  type FailedJob,
  type JobHandler,
  type JobOptions,
  type JobQueue,
} from './job-queue';
import { logJobFailure } from './log-job-failure';

interface Registration {
  handler: JobHandler<unknown>;
  options: JobOptions;
}

interface KeptFailure extends FailedJob {
  payload: unknown;
}

/** A job whose turn has come but whose name runs its `concurrency` already. */
interface Waiting {
  jobId: string;
  payload: unknown;
  attempt: number;
}

/**
 * The embedded adapter: jobs run in this process on the next tick, retries wait on a timer, and
 * a name with a `concurrency` runs that many at once while the rest wait in line. Nothing
 * survives a restart (the failed list included); a job still waiting at `close()` is dropped
 * with a log line.
 */
export function createInProcessJobQueue(deps: { logger: Logger }): JobQueue {
  const { logger } = deps;
  const registrations = new Map<string, Registration>();
  /** Jobs waiting, running or awaiting a retry, by id. */
  const pending = new Set<string>();
  const running = new Set<Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** Insertion order is failure order: the oldest go first beyond FAILED_JOBS_KEPT. */
  const failures = new Map<string, KeptFailure>();
  /** Per name: how many run now, and the jobs in line for a slot (first in, first out). */
  const runningByName = new Map<string, number>();
  const lines = new Map<string, Waiting[]>();
  let active = 0;
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  function settle(jobId: string): void {
    pending.delete(jobId);
    if (pending.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  function schedule(
    name: string,
    jobId: string,
    payload: unknown,
    attempt: number,
    delayMs: number,
  ): void {
    const timer = setTimeout(() => {
      timers.delete(jobId);
      admit(name, { jobId, payload, attempt });
    }, delayMs);
    timers.set(jobId, timer);
  }

  /** Runs the job now if its name has a free slot, else puts it in line. */
  function admit(name: string, job: Waiting): void {
    const limit = registrations.get(name)!.options.concurrency ?? Number.POSITIVE_INFINITY;
    if ((runningByName.get(name) ?? 0) >= limit) {
      const line = lines.get(name) ?? [];
      line.push(job);
      lines.set(name, line);
      return;
    }
    runningByName.set(name, (runningByName.get(name) ?? 0) + 1);
    const run = execute(name, job.jobId, job.payload, job.attempt).finally(() => {
      running.delete(run);
      runningByName.set(name, runningByName.get(name)! - 1);
      const next = closed ? undefined : lines.get(name)?.shift();
      if (next) admit(name, next);
    });
    running.add(run);
  }

  async function execute(
    name: string,
    jobId: string,
    payload: unknown,
    attempt: number,
  ): Promise<void> {
    const { handler, options } = registrations.get(name)!;
    active += 1;
    try {
      await handler(payload, { jobId, attempt });
      settle(jobId);
    } catch (error) {
      logJobFailure(logger, { name, id: jobId, attempt, attempts: options.attempts }, error);
      if (attempt < options.attempts && !closed) {
        schedule(name, jobId, payload, attempt + 1, backoffDelay(options.backoffMs, attempt));
      } else {
        keepFailure({ id: jobId, name, attempts: attempt, payload, error });
        settle(jobId);
      }
    } finally {
      active -= 1;
    }
  }

  function keepFailure(failure: Omit<KeptFailure, 'error' | 'failedAt'> & { error: unknown }) {
    failures.delete(failure.id);
    failures.set(failure.id, {
      ...failure,
      error: failure.error instanceof Error ? failure.error.message : String(failure.error),
      failedAt: new Date().toISOString(),
    });
    if (failures.size > FAILED_JOBS_KEPT) failures.delete(failures.keys().next().value!);
  }

  function start(name: string, jobId: string, payload: unknown): void {
    failures.delete(jobId);
    pending.add(jobId);
    schedule(name, jobId, payload, 1, 0);
  }

  return {
    register(name, handler, options) {
      assertJobOptions(name, options);
      registrations.set(name, { handler: handler as JobHandler<unknown>, options });
    },

    enqueue(name, payload, options: EnqueueOptions = {}) {
      if (closed)
        return Promise.reject(new Error(`The job queue is closed; ${name} was not enqueued`));
      if (!registrations.has(name)) return Promise.reject(new UnknownJobError(name));
      const jobId = options.jobId ?? randomUUID();
      if (!pending.has(jobId)) start(name, jobId, payload);
      return Promise.resolve();
    },

    failed(limit = 100) {
      const newestFirst = [...failures.values()].reverse().slice(0, limit);
      return Promise.resolve(newestFirst.map(({ payload: _payload, ...job }) => job));
    },

    retry(jobId) {
      const failure = failures.get(jobId);
      if (!failure || closed || !registrations.has(failure.name)) return Promise.resolve(false);
      start(failure.name, jobId, failure.payload);
      return Promise.resolve(true);
    },

    pending(jobId) {
      return Promise.resolve(pending.has(jobId));
    },

    counts() {
      return Promise.resolve({
        waiting: pending.size - active,
        active,
        failed: failures.size,
      });
    },

    idle() {
      if (pending.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    async close() {
      closed = true;
      for (const [jobId, timer] of timers) {
        clearTimeout(timer);
        logger.warn({ jobId }, 'job queue closed before a waiting job ran; dropped');
        settle(jobId);
      }
      timers.clear();
      for (const job of [...lines.values()].flat()) {
        logger.warn({ jobId: job.jobId }, 'job queue closed before a waiting job ran; dropped');
        settle(job.jobId);
      }
      lines.clear();
      await Promise.allSettled([...running]);
    },
  };
}
