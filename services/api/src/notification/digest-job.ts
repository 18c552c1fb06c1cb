import type { JobQueue } from '#api/platform/jobs/job-queue';
import type { Logger } from '#api/platform/logger';
import type { DailyDigest } from './daily-digest';

export const DAILY_DIGEST_JOB = 'daily-digest';

/** The day's run: a retry finds told what an earlier attempt told, and mails only the rest. */
export function registerDigestJob(queue: JobQueue, digest: DailyDigest, logger: Logger): void {
  queue.register(
    DAILY_DIGEST_JOB,
    async () => {
      const sent = await digest.run();
      logger.info({ sent }, 'daily digest run');
    },
    { attempts: 3, backoffMs: 60_000, concurrency: 1 },
  );
}

/** The next moment the clock reads `hourUtc`:00 UTC, after `now`. */
export function nextDigestAt(now: Date, hourUtc: number): Date {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc),
  );
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * Enqueues the day's digest at `hourUtc` every day, named by its day: processes that schedule it
 * together (several workers) enqueue it once while it is pending, and the digest's own record
 * keeps a later run from mailing again. Answers how to stop.
 */
export function scheduleDailyDigest(
  queue: JobQueue,
  hourUtc: number,
  logger: Logger,
  now: () => Date = () => new Date(),
): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const plan = () => {
    const at = nextDigestAt(now(), hourUtc);
    timer = setTimeout(() => {
      const day = at.toISOString().slice(0, 10);
      queue
        .enqueue(DAILY_DIGEST_JOB, {}, { jobId: `${DAILY_DIGEST_JOB}-${day}` })
        .catch((error: unknown) => logger.error({ err: error }, 'daily digest not enqueued'));
      plan();
    }, at.getTime() - now().getTime());
    timer.unref();
  };
  plan();
  return { stop: () => clearTimeout(timer) };
}
