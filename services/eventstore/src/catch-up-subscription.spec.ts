import { describe, expect, it } from 'vitest';
import { EventStoreUnavailable } from './errors';
import type { RecordedEvent, SubscriptionMessage } from './port';
import { ChangeNotifier } from './change-notifier';
import { createCatchUpSubscription } from './catch-up-subscription';

function event(position: number): RecordedEvent {
  return {
    id: `e${position}`,
    stream: 'counter-1',
    type: 'CounterIncremented',
    data: { by: 1 },
    metadata: { correlationId: 'c', recordedAt: '2026-01-01T00:00:00.000Z' },
    revision: BigInt(position - 1),
    position: BigInt(position),
  };
}

describe('catch-up subscription', () => {
  it('when a read fails with a retryable error it resumes from the last delivered position without gap or repeat', async () => {
    const log = [1, 2, 3, 4].map(event);
    let failNext = false;
    const changes = new ChangeNotifier(() => false, 10);
    const subscription = createCatchUpSubscription({
      changes,
      head: () => BigInt(log.length),
      readPage: (after, upTo, limit) => {
        if (failNext) {
          failNext = false;
          throw new EventStoreUnavailable('database is busy');
        }
        return log.filter((e) => e.position > after && e.position <= upTo).slice(0, limit);
      },
    });
    const iterator = subscription[Symbol.asyncIterator]();
    const messages: SubscriptionMessage[] = [];
    while (messages.at(-1)?.kind !== 'caughtUp')
      messages.push((await iterator.next()).value as SubscriptionMessage);
    failNext = true;
    log.push(event(5), event(6));
    changes.notify();
    messages.push(
      (await iterator.next()).value as SubscriptionMessage,
      (await iterator.next()).value as SubscriptionMessage,
    );
    expect(messages.map((m) => (m.kind === 'event' ? Number(m.event.position) : m.kind))).toEqual([
      1,
      2,
      3,
      4,
      'caughtUp',
      5,
      6,
    ]);
    await subscription.close();
    changes.close();
  });

  it('when the consumer skipped past new events it is not woken for them, and later ones still arrive', async () => {
    const log = [1, 2].map(event);
    const pagesRead: Array<[bigint, bigint]> = [];
    const changes = new ChangeNotifier(() => false, 10);
    const subscription = createCatchUpSubscription(
      {
        changes,
        head: () => BigInt(log.length),
        readPage: (after, upTo, limit) => {
          pagesRead.push([after, upTo]);
          return log.filter((e) => e.position > after && e.position <= upTo).slice(0, limit);
        },
      },
      { checkpointIntervalMs: 60_000 },
    );
    const iterator = subscription[Symbol.asyncIterator]();
    const kinds: string[] = [];
    while (kinds.at(-1) !== 'caughtUp')
      kinds.push(((await iterator.next()).value as SubscriptionMessage).kind);
    pagesRead.length = 0;
    const pending = iterator.next();
    // Applied by the consumer in the append's own transaction, then announced.
    log.push(event(3), event(4));
    subscription.skipTo!(4n);
    changes.notify(4n);
    const woken = await Promise.race([
      pending.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 100)),
    ]);
    expect(woken).toBe(false);
    expect(pagesRead).toEqual([]);
    // An append the consumer did not apply (another process's, announced without a head).
    log.push(event(5));
    changes.notify();
    const next = (await pending).value as SubscriptionMessage;
    expect(next.kind === 'event' && next.event.position).toBe(5n);
    expect(pagesRead).toEqual([[4n, 5n]]);
    await subscription.close();
    changes.close();
  });
});
