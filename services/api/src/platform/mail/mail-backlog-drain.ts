import type { Logger } from '#api/platform/logger';
import type { KeptMail, MailBacklog } from './mail-backlog';

export interface BacklogDrainOptions {
  backlog: MailBacklog;
  /** Hands one claimed entry to the job queue and forgets it; rejects (entry released) when it cannot. */
  handOn: (entry: KeptMail) => Promise<void>;
  logger: Logger;
  /** How long an entry stays claimed by this process while it is handed on. */
  claimMs: number;
  /** The first wait after the queue refused; it doubles up to `maxRetryMs` while it keeps refusing. */
  retryMs: number;
  maxRetryMs: number;
  /** How often to look for mails kept by another process sharing DATA_DIR, or by a crashed one. */
  pollMs: number;
}

export interface BacklogDrain {
  /** The queue just refused a mail: try again after the current backoff, not the next poll. */
  wake(): void;
  /** Stops; resolves once a round in progress has ended. */
  close(): Promise<void>;
}

/**
 * Hands kept mails to the job queue, oldest first, from the start (mails an earlier run kept) and
 * then on a timer: quickly while the queue refuses (with backoff, so an outage costs one attempt
 * per wait), slowly once the backlog is empty.
 */
export function startBacklogDrain(options: BacklogDrainOptions): BacklogDrain {
  const { backlog, handOn, logger, claimMs, retryMs, maxRetryMs, pollMs } = options;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = 0;
  let round: Promise<void> | undefined;
  let backoff = retryMs;
  let closed = false;

  /** True when the backlog was emptied, false when the queue refused an entry. */
  async function drain(): Promise<boolean> {
    let handed = 0;
    try {
      for (let entry = backlog.claimNext(claimMs); entry; entry = backlog.claimNext(claimMs)) {
        try {
          await handOn(entry);
        } catch (error) {
          logger.debug(
            { err: error, waiting: backlog.count(), retryInMs: backoff },
            'job queue still refuses; kept mails wait',
          );
          return false;
        }
        handed += 1;
        if (closed) break;
      }
      return true;
    } finally {
      if (handed) logger.info({ count: handed }, 'kept mails handed to the job queue');
    }
  }

  /** Runs a round `ms` from now, unless one is due sooner already. */
  function schedule(ms: number): void {
    if (closed || (timer && dueAt <= Date.now() + ms)) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      timer = undefined;
      runRound();
    }, ms);
    timer.unref();
  }

  function runRound(): void {
    round = drain()
      .then(
        (emptied) => {
          backoff = emptied ? retryMs : Math.min(backoff * 2, maxRetryMs);
          schedule(emptied ? pollMs : backoff);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'kept mails could not be read; trying again later');
          schedule(pollMs);
        },
      )
      .finally(() => (round = undefined));
  }

  schedule(0);
  return {
    wake() {
      if (!round) schedule(backoff);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await round;
    },
  };
}
