import { matchesFilter } from '../event-filter';
import type { LogPages } from '../paged-log-store';
import type { EventFilter, RecordedEvent } from '../port';

/** What subscriptions read: the head and pages up to it. */
export interface LogTail {
  head(): Promise<bigint>;
  page(...read: Parameters<LogPages['page']>): Promise<RecordedEvent[]>;
  /** Every event up to `head` has committed (an append this process made, a notification, a poll). */
  learn(head: bigint): void;
}

/** Events kept at most; a subscription further behind reads the database with its own filter. */
const DEFAULT_CAPACITY = 5_000;

/**
 * The newest events of the log, read once for every subscription of this process. Each read
 * model subscribes with its own filter; without this, every append woke each of them to ask the
 * server for the head and for its page, some twenty round trips a vote. Here one unfiltered read
 * fetches what is new, and each subscription filters it in memory.
 *
 * Safe because positions become visible in order (taken under the append lock until commit): a
 * head learnt from an append, a notification or a poll has every event up to it committed, so a
 * page fetched up to it never misses one, and a head learnt late only wakes a reader late.
 */
export function sharedLogTail(log: LogPages, capacity = DEFAULT_CAPACITY): LogTail {
  /** Every event with `coveredFrom < position <= coveredTo`, in order; nothing covered below 0. */
  let events: RecordedEvent[] = [];
  let coveredFrom = -1n;
  let coveredTo = -1n;
  let knownHead = -1n;
  let filling: Promise<void> | undefined;

  function learn(head: bigint): void {
    if (head > knownHead) knownHead = head;
  }

  async function head(): Promise<bigint> {
    if (knownHead < 0n) learn(await log.head());
    return knownHead;
  }

  /** Index of the first kept event after `position`. */
  function firstAfter(position: bigint): number {
    let low = 0;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (events[middle]!.position <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function evict(): void {
    // Dropped in runs rather than one at a time: the array is copied once per run.
    if (events.length <= capacity * 1.5) return;
    const dropped = events.length - capacity;
    coveredFrom = events[dropped - 1]!.position;
    events = events.slice(dropped);
  }

  async function fill(target: bigint): Promise<void> {
    while (coveredTo < target) {
      const fetched = await log.page(coveredTo, target, undefined, undefined, capacity);
      for (const event of fetched) events.push(event);
      coveredTo = fetched.length < capacity ? target : fetched.at(-1)!.position;
      evict();
    }
  }

  function kept(after: bigint, upTo: bigint, filter: EventFilter | undefined, limit: number) {
    const page: RecordedEvent[] = [];
    for (let i = firstAfter(after); i < events.length && page.length < limit; i++) {
      const event = events[i]!;
      if (event.position > upTo) break;
      if (matchesFilter(filter, event)) page.push(event);
    }
    return page;
  }

  const page: LogTail['page'] = async (after, upTo, filter, until, limit) => {
    for (;;) {
      if (coveredTo < 0n && until === undefined && upTo - after <= BigInt(capacity))
        coveredFrom = coveredTo = after;
      // Catching up from far behind, or a bounded read: the database filters on its indexes.
      if (until !== undefined || after < coveredFrom || upTo - coveredTo > BigInt(capacity))
        return log.page(after, upTo, filter, until, limit);
      // Checked and read in one turn: no fill can evict in between.
      if (upTo <= coveredTo) return kept(after, upTo, filter, limit);
      await (filling ??= fill(upTo).finally(() => (filling = undefined)));
    }
  };

  return { head, page, learn };
}
