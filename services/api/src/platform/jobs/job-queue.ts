/**
 * The job queue port: the in-process runner in embedded mode, BullMQ on Redis in scale mode. Both
 * pass `job-queue.contract.ts`.
 *
 * A job that throws is retried up to `attempts` times in all, waiting `backoffMs * 2^(n-1)` before
 * retry n. A job that still fails is logged and kept in the failed list, payload included, until
 * it is retried (`npm run jobs -- retry <id>`); it never throws into whoever enqueued it ("a failed
 * mail never fails the request").
 */
export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void> | void;

export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

export interface JobOptions {
  /** Runs in all, first run included (at least 1). */
  attempts: number;
  /** Delay before the first retry; doubles for every further retry. */
  backoffMs: number;
  /**
   * At most this many jobs of this name run at once in one process; the others wait their turn,
   * in the order they were enqueued. Unset: as many as the queue runs of any job.
   */
  concurrency?: number;
}

export interface EnqueueOptions {
  /**
   * While a job with this id is waiting, running or awaiting a retry, enqueuing it again does
   * nothing. A failed job with this id is replaced by the new one.
   */
  jobId?: string;
}

/** A job that used every attempt. Its payload stays in the queue (it may hold a token): not here. */
export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  error: string;
  failedAt: string;
}

export interface JobCounts {
  /** Waiting to run, or to be retried after a failed attempt. */
  waiting: number;
  active: number;
  failed: number;
}

/** How many failed jobs a queue keeps at most; beyond that the oldest go. */
export const FAILED_JOBS_KEPT = 1_000;

export interface JobQueue {
  /** Declares a job type. Every process that enqueues or runs `name` registers it (same code path). */
  register<P>(name: string, handler: JobHandler<P>, options: JobOptions): void;
  /** Hands a job over. Rejects only for an unregistered name or when the queue is closed / unreachable. */
  enqueue<P>(name: string, payload: P, options?: EnqueueOptions): Promise<void>;
  /** Whether a job with this id is waiting, running or awaiting a retry. */
  pending(jobId: string): Promise<boolean>;
  /** The failed list, newest first. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Runs a failed job again, from its first attempt; false when no failed job has that id. */
  retry(jobId: string): Promise<boolean>;
  counts(): Promise<JobCounts>;
  /** For tests: resolves once no job is waiting, running or awaiting a retry. */
  idle(): Promise<void>;
  /** Stops taking jobs, lets running ones finish and releases connections. Failed jobs stay. */
  close(): Promise<void>;
}

/** `backoffMs * 2^(retry-1)`: the delay before retry number `retry` (1-based). */
export function backoffDelay(backoffMs: number, retry: number): number {
  return backoffMs * 2 ** (retry - 1);
}

export function assertJobOptions(name: string, options: JobOptions): void {
  if (!Number.isInteger(options.attempts) || options.attempts < 1) {
    throw new Error(`Job ${name}: attempts must be a whole number of at least 1`);
  }
  if (!Number.isFinite(options.backoffMs) || options.backoffMs < 0) {
    throw new Error(`Job ${name}: backoffMs must be a number of at least 0`);
  }
  const { concurrency } = options;
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1)) {
    throw new Error(`Job ${name}: concurrency must be a whole number of at least 1`);
  }
}

export class UnknownJobError extends Error {
  override name = 'UnknownJobError';
  constructor(jobName: string) {
    super(`No job named ${jobName} is registered`);
  }
}
