import { randomUUID } from 'node:crypto';
import type { Logger } from '#api/platform/logger';
import {
  assertJobOptions,
  backoffDelay,
  UnknownJobError,
  type EnqueueOptions,
  type JobHandler,
  type JobOptions,
  type JobQueue,
} from './job-queue';
import { logJobFailure } from './log-job-failure';

interface Registration {
  handler: JobHandler<unknown>;
  options: JobOptions;
}

/**
 * The embedded adapter: jobs run in this process on the next tick, retries wait on a timer.
 * Nothing survives a restart; a retry still waiting at `close()` is dropped with a log line.
 */
export function createInProcessJobQueue(deps: { logger: Logger }): JobQueue {
  const { logger } = deps;
  const registrations = new Map<string, Registration>();
  /** Jobs waiting, running or awaiting a retry, by id. */
  const pending = new Set<string>();
  const running = new Set<Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();
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
      const run = execute(name, jobId, payload, attempt);
      running.add(run);
      void run.finally(() => running.delete(run));
    }, delayMs);
    timers.set(jobId, timer);
  }

  async function execute(
    name: string,
    jobId: string,
    payload: unknown,
    attempt: number,
  ): Promise<void> {
    const { handler, options } = registrations.get(name)!;
    try {
      await handler(payload, { jobId, attempt });
      settle(jobId);
    } catch (error) {
      logJobFailure(logger, { name, id: jobId, attempt, attempts: options.attempts }, error);
      if (attempt < options.attempts && !closed) {
        schedule(name, jobId, payload, attempt + 1, backoffDelay(options.backoffMs, attempt));
      } else {
        settle(jobId);
      }
    }
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
      if (!pending.has(jobId)) {
        pending.add(jobId);
        schedule(name, jobId, payload, 1, 0);
      }
      return Promise.resolve();
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
      await Promise.allSettled([...running]);
    },
  };
}
