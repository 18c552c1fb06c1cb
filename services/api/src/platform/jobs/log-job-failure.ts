import type { Logger } from '#api/platform/logger';

/** One log line per failed run; never the payload (a mail body can carry a reset token). */
export function logJobFailure(
  logger: Logger,
  job: { name: string; id: string; attempt: number; attempts: number },
  error: unknown,
): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const fields = {
    job: job.name,
    jobId: job.id,
    attempt: job.attempt,
    attempts: job.attempts,
    err,
  };
  if (job.attempt >= job.attempts)
    logger.error(fields, 'job failed for good; kept in the failed list');
  else logger.warn(fields, 'job failed, will retry');
}
