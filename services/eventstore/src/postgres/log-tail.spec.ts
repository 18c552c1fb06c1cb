import { describe, expect, it } from 'vitest';
import { matchesFilter } from '../event-filter';
import type { LogPages } from '../paged-log-store';
import type { EventFilter, RecordedEvent } from '../port';
import { sharedLogTail } from './log-tail';

function recorded(position: number): RecordedEvent {
  return {
    id: `e${position}`,
    stream: position % 2 ? `story-${position}` : `user-${position}`,
    type: position % 3 ? 'StoryVoted' : 'CommentPosted',
    revision: 0n,
    position: BigInt(position),
    data: {},
    metadata: {},
    recordedAt: new Date(0).toISOString(),
  } as unknown as RecordedEvent;
}

/** A log of `count` events whose page reads are counted and answer on a later turn. */
function countedLog(count: number) {
  const all = Array.from({ length: count }, (_, i) => recorded(i + 1));
  const reads: Array<{ after: bigint; upTo: bigint; filtered: boolean }> = [];
  const log: LogPages = {
    head: () => BigInt(all.length),
    async page(after, upTo, filter, _until, limit) {
      reads.push({ after, upTo, filtered: filter !== undefined });
      await new Promise((resolve) => setImmediate(resolve));
      return all
        .filter((e) => e.position > after && e.position <= upTo && matchesFilter(filter, e))
        .slice(0, limit);
    },
    readAll: () => (async function* () {})(),
    count: () => all.length,
    byIds: () => [],
  };
  const grow = (n: number) => {
    for (let i = 0; i < n; i++) all.push(recorded(all.length + 1));
  };
  return { all, reads, log, grow };
}

const votes: EventFilter = { eventTypes: ['StoryVoted'] };
const comments: EventFilter = { eventTypes: ['CommentPosted'], streamPrefixes: ['user-'] };

describe('the log tail shared by subscriptions', () => {
  it('when every subscription reads the same new events it fetches them from the server once and each gets its own filter applied', async () => {
    const { log, reads, all } = countedLog(40);
    const tail = sharedLogTail(log);
    tail.learn(40n);
    const filters = [votes, comments, undefined, votes, comments];
    const pages = await Promise.all(
      filters.map((filter) => tail.page(10n, 40n, filter, undefined, 1_000)),
    );

    expect(reads).toEqual([{ after: 10n, upTo: 40n, filtered: false }]);
    filters.forEach((filter, i) =>
      expect(pages[i]).toEqual(all.filter((e) => e.position > 10n && matchesFilter(filter, e))),
    );
  });

  it('when the log grows it fetches only what is past what it holds', async () => {
    const { log, reads, grow } = countedLog(20);
    const tail = sharedLogTail(log);
    await tail.page(0n, 20n, votes, undefined, 1_000);
    grow(5);
    const page = await tail.page(20n, 25n, undefined, undefined, 1_000);

    expect(reads.map(({ after, upTo }) => [after, upTo])).toEqual([
      [0n, 20n],
      [20n, 25n],
    ]);
    expect(page.map((e) => e.position)).toEqual([21n, 22n, 23n, 24n, 25n]);
  });

  it('when a subscription is further behind than it keeps, the server filters that page', async () => {
    const { log, reads } = countedLog(300);
    const tail = sharedLogTail(log, 100);
    await tail.page(250n, 300n, votes, undefined, 1_000);
    const behind = await tail.page(10n, 300n, votes, undefined, 50);

    expect(reads.at(-1)).toEqual({ after: 10n, upTo: 300n, filtered: true });
    expect(behind).toHaveLength(50);
    expect(behind[0]!.position).toBe(11n);
  });

  it('when it has dropped its oldest events a reader past them is still answered in order, and one before them by the server', async () => {
    const { log, reads, grow } = countedLog(10);
    const tail = sharedLogTail(log, 10);
    await tail.page(0n, 10n, undefined, undefined, 1_000);
    grow(8); // 18 held: past one and a half times capacity, the oldest eight are dropped
    await tail.page(10n, 18n, undefined, undefined, 1_000);
    const kept = await tail.page(12n, 18n, undefined, undefined, 3);
    const readsBefore = reads.length;
    const older = await tail.page(2n, 18n, undefined, undefined, 3);

    expect(kept.map((e) => e.position)).toEqual([13n, 14n, 15n]);
    expect(reads).toHaveLength(readsBefore + 1);
    expect(older.map((e) => e.position)).toEqual([3n, 4n, 5n]);
  });

  it('when nothing was learnt it asks the server for the head, and afterwards answers the newest head it learnt', async () => {
    const { log } = countedLog(7);
    const tail = sharedLogTail(log);

    expect(await tail.head()).toBe(7n);
    tail.learn(9n);
    tail.learn(8n);
    expect(await tail.head()).toBe(9n);
  });
});
