import { randomUUID } from 'node:crypto';
import type { JobOptions, JobQueue } from '#api/platform/jobs/job-queue';
import type { Logger } from '#api/platform/logger';
import type { KeptMail, MailBacklog } from './mail-backlog';
import { startBacklogDrain } from './mail-backlog-drain';
import { mailSchema, type Mail, type Mailer } from './mailer';

export const SEND_MAIL_JOB = 'send-mail';

/** 6 tries; by default over about a minute: 2 s, 4 s, 8 s, 16 s, 32 s between them (MAIL_RETRY_MS). */
export const mailJobOptions = (firstRetryMs = 2_000): JobOptions => ({
  attempts: 6,
  backoffMs: firstRetryMs,
});

/**
 * Registers the 'send-mail' job on `queue`. Call it in every process that enqueues or runs mail
 * jobs (the web process, the worker process).
 */
export function registerMailJob(
  queue: JobQueue,
  mailer: Mailer,
  options: JobOptions = mailJobOptions(),
): void {
  // The payload comes back from Redis in scale mode: parse it at the edge.
  queue.register(SEND_MAIL_JOB, (payload) => mailer.send(mailSchema.parse(payload)), options);
}

export interface MailDelivery {
  /**
   * Keeps the mail in the backlog, hands it to the job queue and resolves; never rejects. Sending
   * happens in the job (with retries). When the queue cannot take it (Redis away) the mail stays
   * kept and is handed on once the queue is back: the request that asked for it still succeeds
   * and the mail is never dropped. `jobId` makes a repeat (double click) a no-op while the first
   * is still pending.
   */
  deliver(mail: Mail, options?: { jobId?: string }): Promise<void>;
  /** Stops handing kept mails on; what is still kept waits for the next start. */
  close(): Promise<void>;
}

export interface MailDeliveryOptions {
  queue: JobQueue;
  backlog: MailBacklog;
  logger: Logger;
  /** How long `deliver` waits for the queue before it answers; the mail is kept either way. */
  waitMs?: number;
  /** The first retry of kept mails after the queue refused; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often to look for mails another process sharing DATA_DIR (or a crashed run) kept. */
  pollMs?: number;
}

/** Longer than an enqueue takes to fail while Redis is away, so two processes never race for one. */
const CLAIM_MS = 60_000;

/** `promise`, or nothing after `ms`: the caller stops waiting, the work goes on. */
function within(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Answers the `deliver` routes use: every mail is first kept in the local backlog (a SQLite file in
 * DATA_DIR), then enqueued, then forgotten. The job must be registered (`registerMailJob`).
 */
export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { queue, backlog, logger, waitMs = 1_000 } = options;
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  /** Enqueues one kept entry and forgets it; rejects, the entry released, when the queue refuses. */
  async function handOn(entry: KeptMail): Promise<void> {
    let mail: Mail;
    try {
      mail = mailSchema.parse(JSON.parse(entry.json));
    } catch (error) {
      logger.error({ err: error, jobId: entry.jobId }, 'a kept mail could not be read; removed');
      backlog.remove(entry.id);
      return;
    }
    try {
      await queue.enqueue(SEND_MAIL_JOB, mail, { jobId: entry.jobId });
    } catch (error) {
      backlog.release(entry.id);
      throw error;
    }
    backlog.remove(entry.id);
  }

  const drain = startBacklogDrain({
    backlog,
    handOn,
    logger,
    claimMs: CLAIM_MS,
    retryMs: options.retryMs ?? 1_000,
    maxRetryMs: options.maxRetryMs ?? 10_000,
    pollMs: options.pollMs ?? 5_000,
  });

  function track(work: Promise<unknown>): Promise<unknown> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  }

  /** Without a backlog (its file failed): the queue's answer is all there is. */
  async function enqueueUnkept(mail: Mail, jobId: string | undefined): Promise<void> {
    try {
      await queue.enqueue(SEND_MAIL_JOB, mail, jobId ? { jobId } : {});
    } catch (error) {
      logger.error({ err: error, subject: mail.subject }, 'mail could not be kept nor queued');
    }
  }

  return {
    async deliver(mail, { jobId } = {}) {
      let entry: KeptMail | undefined;
      try {
        if (closed) throw new Error('The mail backlog is closed');
        entry = backlog.keep(mail, jobId ?? `mail-${randomUUID()}`, CLAIM_MS);
        if (!entry) return; // the same job id is kept already
      } catch (error) {
        logger.error({ err: error, subject: mail.subject }, 'mail could not be kept');
        await enqueueUnkept(mail, jobId);
        return;
      }
      const handing = handOn(entry).catch((error: unknown) => {
        logger.warn(
          { err: error, subject: mail.subject },
          'mail could not be queued; kept until the job queue takes it',
        );
        drain.wake();
      });
      await within(track(handing), waitMs);
    },
    async close() {
      // New mails are refused first; the backlog closes once nothing is handing one on.
      closed = true;
      await drain.close();
      await Promise.allSettled([...inFlight]);
      backlog.close();
    },
  };
}
