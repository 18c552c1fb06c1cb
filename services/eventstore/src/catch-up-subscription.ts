import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedEvent, SubscribeOptions, Subscription, SubscriptionMessage } from './port';
import { EventStoreError } from './errors';
import type { ChangeNotifier } from './change-notifier';

export const DEFAULT_CHECKPOINT_INTERVAL_MS = 1_000;
const PAGE_SIZE = 1_000;
const MAX_BACKOFF_MS = 5_000;

export interface SubscriptionSource {
  /** Last global position in the log. */
  head(): bigint | Promise<bigint>;
  /** Matching events with `after < position <= upTo`, in order, at most `limit`. */
  readPage(after: bigint, upTo: bigint, limit: number): RecordedEvent[] | Promise<RecordedEvent[]>;
  changes: ChangeNotifier;
}

/**
 * Catch-up then live subscription over a log whose positions become visible in order (SQLite:
 * commits are serialized and positions assigned inside them; PostgreSQL: positions are taken
 * under a lock held until commit). Each round reads the head first and then only up to it:
 * everything at or below the head is visible, so "nothing matching up to the head" is a safe
 * checkpoint.
 */
export function createCatchUpSubscription(
  source: SubscriptionSource,
  options: SubscribeOptions = {},
): Subscription {
  const abort = new AbortController();
  const checkpointIntervalMs = options.checkpointIntervalMs ?? DEFAULT_CHECKPOINT_INTERVAL_MS;
  /** Up to here the consumer applied the events by other means (see `skipTo`). */
  let skipped = -1n;

  let failures = 0;
  /** The head and the page up to it, or undefined once a retryable failure was waited out. */
  async function readRound(): Promise<{ head: bigint; page: RecordedEvent[] } | undefined> {
    try {
      const head = await source.head();
      // Applied by the consumer already: nothing to read or deliver up to there.
      if (skipped > at.cursor) at.cursor = skipped < head ? skipped : head;
      const page = head > at.cursor ? await source.readPage(at.cursor, head, PAGE_SIZE) : [];
      failures = 0;
      return { head, page };
    } catch (error) {
      // A busy or briefly unavailable database: retry from the last delivered position.
      if (!(error instanceof EventStoreError && error.retryable)) throw error;
      failures++;
      await sleep(Math.min(MAX_BACKOFF_MS, 50 * 2 ** failures), undefined, {
        signal: abort.signal,
      }).catch(() => undefined);
      return undefined;
    }
  }

  const at = {
    /** Everything matching up to here was delivered. */
    cursor: options.after ?? 0n,
    /** The last position the consumer was told about. */
    reported: options.after ?? 0n,
    caughtUp: false,
    lastSignalAt: Date.now(),
  };

  /** Once caught up, the consumer hears so; later, of a quiet stretch at most every interval. */
  function positionSignal(): SubscriptionMessage | undefined {
    if (!at.caughtUp) {
      at.caughtUp = true;
      return { kind: 'caughtUp', position: at.cursor };
    }
    if (at.cursor > at.reported && Date.now() - at.lastSignalAt >= checkpointIntervalMs)
      return { kind: 'checkpoint', position: at.cursor };
    return undefined;
  }

  /** How long to wait for a change before a checkpoint is due (none when all is reported). */
  const checkpointDue = () =>
    at.cursor > at.reported
      ? Math.max(1, at.lastSignalAt + checkpointIntervalMs - Date.now())
      : undefined;

  async function* messages(): AsyncGenerator<SubscriptionMessage> {
    while (!abort.signal.aborted) {
      const seen = source.changes.version;
      const round = await readRound();
      if (!round) continue;
      for (const event of round.page) {
        yield { kind: 'event', event };
        if (abort.signal.aborted) return;
        at.cursor = at.reported = event.position;
        at.lastSignalAt = Date.now();
      }
      if (round.page.length === PAGE_SIZE) continue; // still catching up
      if (round.head > at.cursor) at.cursor = round.head;
      const signal = positionSignal();
      if (signal) {
        yield signal;
        at.reported = at.cursor;
        at.lastSignalAt = Date.now();
      }
      if (abort.signal.aborted) return;
      await source.changes.waitForChange(seen, checkpointDue(), abort.signal, hasUpTo);
    }
  }

  const hasUpTo = () => (skipped > at.cursor ? skipped : at.cursor);
  const iterator = messages();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close: async () => {
      abort.abort();
      await iterator.return(undefined);
    },
    skipTo(position) {
      if (position > skipped) skipped = position;
    },
  };
}
