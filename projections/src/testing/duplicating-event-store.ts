import type { EventStore, RecordedEvent, SubscriptionMessage } from '@whosright/eventstore/port';
import { seededRandom } from './sample-log';

export type DuplicationMode = 'twice' | 'shuffled';

/**
 * An at-least-once transport: the subscription delivers every event twice in a row ('twice'), or
 * re-delivers random earlier events at random later points ('shuffled').
 */
export function duplicatingStoreFor(
  store: EventStore,
  mode: DuplicationMode,
  seed = 7,
): EventStore {
  return {
    ...store,
    subscribeAll(options) {
      const inner = store.subscribeAll(options);
      const random = seededRandom(seed);
      const seen: RecordedEvent[] = [];
      async function* messages(): AsyncGenerator<SubscriptionMessage> {
        for await (const message of inner) {
          yield message;
          if (message.kind !== 'event') continue;
          if (mode === 'twice') {
            yield message;
            continue;
          }
          seen.push(message.event);
          const repeats = random() < 0.3 ? 1 + Math.floor(random() * 3) : 0;
          for (let i = 0; i < repeats; i++)
            yield { kind: 'event', event: seen[Math.floor(random() * seen.length)]! };
        }
      }
      const iterator = messages();
      return { [Symbol.asyncIterator]: () => iterator, close: () => inner.close() };
    },
  };
}
