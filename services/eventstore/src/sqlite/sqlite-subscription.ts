import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedEvent, SubscribeOptions, Subscription, SubscriptionMessage } from '../port';
import { EventStoreError } from '../errors';
import type { ChangeNotifier } from './change-notifier';

export const DEFAULT_CHECKPOINT_INTERVAL_MS = 1_000;
const PAGE_SIZE = 1_000;
const MAX_BACKOFF_MS = 5_000;

export interface SubscriptionSource {
  /** Last global position in the log. */
  head(): bigint;
  /** Matching events with `after < position <= upTo`, in order, at most `limit`. */
  readPage(after: bigint, upTo: bigint, limit: number): RecordedEvent[];
  changes: ChangeNotifier;
}

/**
 * Catch-up then live subscription over the SQLite log. Each round reads the head first and then
 * only up to it: commits are serialized and positions assigned inside them, so everything at or
 * below the head is visible and "nothing matching up to the head" is a safe checkpoint.
 */
export function createSqliteSubscription(
  source: SubscriptionSource,
  options: SubscribeOptions = {},
): Subscription {
  const abort = new AbortController();
  const checkpointIntervalMs = options.checkpointIntervalMs ?? DEFAULT_CHECKPOINT_INTERVAL_MS;
  /** Up to here the consumer applied the events by other means (see `skipTo`). */
  let skipped = -1n;
  let cursor = options.after ?? 0n; // everything matching up to here was delivered

  async function* messages(): AsyncGenerator<SubscriptionMessage> {
    let reported = cursor; // the last position the consumer was told about
    let caughtUp = false;
    let lastSignalAt = Date.now();
    let failures = 0;
    while (!abort.signal.aborted) {
      const seen = source.changes.version;
      let head: bigint;
      let page: RecordedEvent[];
      try {
        head = source.head();
        // Applied by the consumer already: nothing to read or deliver up to there.
        if (skipped > cursor) cursor = skipped < head ? skipped : head;
        page = head > cursor ? source.readPage(cursor, head, PAGE_SIZE) : [];
        failures = 0;
      } catch (error) {
        // A busy or briefly unavailable database: retry from the last delivered position.
        if (!(error instanceof EventStoreError && error.retryable)) throw error;
        failures++;
        await sleep(Math.min(MAX_BACKOFF_MS, 50 * 2 ** failures), undefined, {
          signal: abort.signal,
        }).catch(() => undefined);
        continue;
      }
      for (const event of page) {
        yield { kind: 'event', event };
        if (abort.signal.aborted) return;
        cursor = reported = event.position;
        lastSignalAt = Date.now();
      }
      if (page.length === PAGE_SIZE) continue; // still catching up
      if (head > cursor) cursor = head;
      if (!caughtUp) {
        caughtUp = true;
        yield { kind: 'caughtUp', position: cursor };
        reported = cursor;
        lastSignalAt = Date.now();
      } else if (cursor > reported && Date.now() - lastSignalAt >= checkpointIntervalMs) {
        yield { kind: 'checkpoint', position: cursor };
        reported = cursor;
        lastSignalAt = Date.now();
      }
      if (abort.signal.aborted) return;
      const checkpointDue =
        cursor > reported
          ? Math.max(1, lastSignalAt + checkpointIntervalMs - Date.now())
          : undefined;
      await source.changes.waitForChange(seen, checkpointDue, abort.signal, hasUpTo);
    }
  }

  const hasUpTo = () => (skipped > cursor ? skipped : cursor);
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
