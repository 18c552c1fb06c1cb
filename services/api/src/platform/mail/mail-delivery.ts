import type { JobOptions, JobQueue } from '#api/platform/jobs/job-queue';
import type { Logger } from '#api/platform/logger';
import { mailSchema, type Mail, type Mailer } from './mailer';

export const SEND_MAIL_JOB = 'send-mail';

/** 6 tries; by default over about a minute: 2 s, 4 s, 8 s, 16 s, 32 s between them (MAIL_RETRY_MS). */
export const mailJobOptions = (firstRetryMs = 2_000): JobOptions => ({
  attempts: 6,
  backoffMs: firstRetryMs,
});

export interface MailDelivery {
  /**
   * Queues the mail and resolves; never rejects. Sending happens in the job (with retries); a
   * mail that cannot be queued or sent is logged, and the request that asked for it still succeeds.
   * `jobId` makes a repeat (double click) a no-op while the first is still pending.
   */
  deliver(mail: Mail, options?: { jobId?: string }): Promise<void>;
}

/**
 * Registers the 'send-mail' job on `queue` and answers the `deliver` routes use. Call it in every
 * process that enqueues or runs mail jobs (the web process, later the worker process).
 */
export function createMailDelivery(
  queue: JobQueue,
  mailer: Mailer,
  logger: Logger,
  options: JobOptions = mailJobOptions(),
): MailDelivery {
  // The payload comes back from Redis in scale mode: parse it at the edge.
  queue.register(SEND_MAIL_JOB, (payload) => mailer.send(mailSchema.parse(payload)), options);
  return {
    async deliver(mail, deliverOptions = {}) {
      try {
        await queue.enqueue(SEND_MAIL_JOB, mail, deliverOptions);
      } catch (error) {
        logger.error({ err: error, subject: mail.subject }, 'mail could not be queued, dropped');
      }
    },
  };
}
