import { setTimeout as sleep } from 'node:timers/promises';
import { START } from '@kurrent/kurrentdb-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  KurrentDBClient,
  Position,
} from '@kurrent/kurrentdb-client';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import { EventStoreError } from '../errors';
import type { SubscribeOptions, Subscription, SubscriptionMessage } from '../port';
import { fromResolvedEvent, isSystemEvent } from './kurrent-event';
import { matchesFilter } from '../event-filter';
import { toServerFilter } from './kurrent-filter';
import { toEventStoreError } from './map-kurrent-error';

const HIGH_WATER = 1_000;
const LOW_WATER = 100;
const MAX_BACKOFF_MS = 10_000;

/**
 * subscribeToAll as the port's message stream. The server's caughtUp and checkpoint signals
 * arrive out of band (events may still sit in the readable buffer), so each is held back until
 * the events buffered before it were delivered. A dropped connection resubscribes, with backoff,
 * from the exact position of the last event received.
 */
export function createKurrentSubscription(
  client: KurrentDBClient,
  catalog: EventCatalog,
  options: SubscribeOptions = {},
): Subscription {
  const queue: SubscriptionMessage[] = [];
  const after = options.after;
  let resumeFrom: Position | undefined =
    after === undefined ? undefined : { commit: after, prepare: after };
  let lastPosition = after ?? 0n;
  let caughtUp = false;
  /** Why the subscription ended, wrapped: whatever was thrown, even a falsy value. */
  let failure: { error: unknown } | undefined;
  let closed = false;
  const stopped = new AbortController();
  let wake: (() => void) | undefined;
  let current: AllStreamSubscription | undefined;
  let attempts = 0;
  let pendingMarkers: Array<{ remaining: number; message: SubscriptionMessage }> = [];

  const signal = (): void => {
    wake?.();
    wake = undefined;
  };

  const push = (message: SubscriptionMessage): void => {
    queue.push(message);
    if (queue.length >= HIGH_WATER) current?.pause();
    signal();
  };

  const flushMarkers = (): void => {
    while (pendingMarkers[0] && pendingMarkers[0].remaining <= 0)
      push(pendingMarkers.shift()!.message);
  };

  const marker = (subscription: AllStreamSubscription, message: SubscriptionMessage): void => {
    pendingMarkers.push({ remaining: subscription.readableLength, message });
    flushMarkers();
  };

  function start(): void {
    pendingMarkers = [];
    const subscription = client.subscribeToAll({
      fromPosition: resumeFrom ?? START,
      filter: toServerFilter(options.filter, {
        checkpointReached: (sub, position) => {
          if (position.commit > lastPosition)
            marker(sub, { kind: 'checkpoint', position: position.commit });
        },
      }),
    });
    current = subscription;
    subscription.on('caughtUp', (info) => {
      const position = info.position?.commit ?? lastPosition;
      marker(
        subscription,
        caughtUp ? { kind: 'checkpoint', position } : { kind: 'caughtUp', position },
      );
      caughtUp = true;
    });
    subscription.on('data', (resolved: AllStreamResolvedEvent) => {
      attempts = 0;
      for (const pending of pendingMarkers) pending.remaining--;
      try {
        const event = resolved.event;
        if (event) resumeFrom = event.position;
        if (
          event &&
          !isSystemEvent(resolved) &&
          (after === undefined || event.position.commit > after)
        ) {
          const recorded = fromResolvedEvent(catalog, resolved);
          if (matchesFilter(options.filter, recorded)) {
            lastPosition = recorded.position;
            push({ kind: 'event', event: recorded });
          }
        }
      } catch (error) {
        fail(error);
      }
      flushMarkers();
    });
    subscription.on('error', (error: Error) => dropped(subscription, error));
    subscription.on('end', () => dropped(subscription, undefined));
  }

  function fail(error: unknown): void {
    failure = { error };
    void current?.unsubscribe().catch(() => undefined);
    signal();
  }

  function dropped(subscription: AllStreamSubscription, error: Error | undefined): void {
    if (closed || subscription !== current || failure) return;
    const mapped = error ? toEventStoreError(error, { operation: 'subscribeToAll' }) : undefined;
    if (mapped !== undefined && !(mapped instanceof EventStoreError && mapped.retryable))
      return fail(mapped);
    current = undefined;
    attempts++;
    void sleep(Math.min(MAX_BACKOFF_MS, 100 * 2 ** attempts), undefined, {
      signal: stopped.signal,
    }).then(
      () => {
        if (!closed && !failure) start();
      },
      () => undefined,
    );
  }

  async function* messages(): AsyncGenerator<SubscriptionMessage> {
    try {
      while (true) {
        const next = queue.shift();
        if (next) {
          if (queue.length <= LOW_WATER && current?.isPaused()) current.resume();
          yield next;
          continue;
        }
        if (failure) throw failure.error;
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      closed = true;
      stopped.abort();
      await current?.unsubscribe().catch(() => undefined);
    }
  }

  start();
  const iterator = messages();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close: async () => {
      closed = true;
      stopped.abort();
      signal();
      await current?.unsubscribe().catch(() => undefined);
      await iterator.return(undefined);
    },
  };
}
