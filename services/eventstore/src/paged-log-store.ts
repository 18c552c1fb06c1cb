import { createCatchUpSubscription } from './catch-up-subscription';
import type { ChangeNotifier } from './change-notifier';
import { EventStoreClosed } from './errors';
import type { EventFilter, EventStore, ReadAllOptions, RecordedEvent, Subscription } from './port';
import { trackedSubscription } from './tracked-subscription';

/** Reads of the global log; SQLite answers at once, a server with a promise. */
export interface LogPages {
  /** Global position of the last event in the log (0n when empty). */
  head(): bigint | Promise<bigint>;
  /** Matching events with `after < position <= upTo`, in order, at most `limit`. */
  page(
    after: bigint,
    upTo: bigint,
    filter: EventFilter | undefined,
    until: string | undefined,
    limit: number,
  ): RecordedEvent[] | Promise<RecordedEvent[]>;
  /** `readAll`: the log up to its head at the time of the call, a page at a time. */
  readAll(options: ReadAllOptions): AsyncIterable<RecordedEvent>;
  /** How many events match the filter and were recorded at or before `until` (all without either). */
  count(filter: EventFilter | undefined, until: string | undefined): number | Promise<number>;
  /** The events with these ids, in log order (`eventsById`). */
  byIds(ids: readonly string[]): RecordedEvent[] | Promise<RecordedEvent[]>;
}

/** What an adapter whose positions become visible in order (SQLite, PostgreSQL) provides. */
export interface PagedLog {
  writes: Pick<EventStore, 'append'> & Required<Pick<EventStore, 'appendAll'>>;
  readStream: EventStore['readStream'];
  log: LogPages;
  /** What wakes subscriptions. */
  changes: ChangeNotifier;
  /** What subscriptions read, when not `log` itself (PostgreSQL: the tail they share). */
  subscriptionReads?: Pick<LogPages, 'head' | 'page'>;
  /** Runs before each subscription starts (PostgreSQL listens for notifications from then on). */
  subscribing?: () => void;
  /** Lets go of what the store holds, once its subscriptions are closed. */
  release: () => Promise<void>;
}

export type PagedLogStore = EventStore &
  Required<Pick<EventStore, 'appendAll' | 'eventsById' | 'countEvents'>>;

/**
 * The port over such a log: every call refused once the store is closed, catch-up subscriptions
 * (closed with the store) reading pages up to the head.
 */
export function pagedLogStore({
  writes,
  readStream,
  log,
  changes,
  subscriptionReads = log,
  subscribing,
  release,
}: PagedLog): PagedLogStore {
  const subscriptions = new Set<Subscription>();
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new EventStoreClosed();
  }

  return {
    async append(stream, events, expected) {
      assertOpen();
      return writes.append(stream, events, expected);
    },
    async appendAll(appends) {
      assertOpen();
      return writes.appendAll(appends);
    },
    readStream(stream, readOptions = {}) {
      assertOpen();
      return readStream(stream, readOptions);
    },
    readAll(readOptions = {}) {
      assertOpen();
      return log.readAll(readOptions);
    },
    subscribeAll(subscribeOptions = {}) {
      assertOpen();
      subscribing?.();
      const source = {
        head: () => subscriptionReads.head(),
        changes,
        readPage: (after: bigint, upTo: bigint, limit: number) =>
          subscriptionReads.page(after, upTo, subscribeOptions.filter, undefined, limit),
      };
      return trackedSubscription(
        subscriptions,
        createCatchUpSubscription(source, subscribeOptions),
      );
    },
    async headPosition() {
      assertOpen();
      return log.head();
    },
    async eventsById(ids) {
      assertOpen();
      return log.byIds(ids);
    },
    async countEvents(countOptions = {}) {
      assertOpen();
      return log.count(countOptions.filter, countOptions.until);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await release();
    },
  };
}
