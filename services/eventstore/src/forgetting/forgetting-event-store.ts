import type {
  EventStore,
  ForgettingLog,
  LogReader,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  SubscriptionMessage,
} from '../port';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import { forgetPersonalFields } from './forget-personal-fields';
import { ForgottenRegistry } from './forgotten-registry';

export interface ForgettingOptions {
  /** The event types, each with the forgetting it declares. */
  catalog: EventCatalog;
  /** How often a long read looks for members forgotten meanwhile (default 1 s). */
  refreshEveryMs?: number;
}

/**
 * The log as read models and people see it: every event of a member who deleted their account is
 * read with its personal fields replaced, as its type declares (`forget-personal-fields.ts`); the
 * log itself is never rewritten. Each read loads the `forgottenUsers` registry first (only what is new since the
 * last read), learns from `UserForgotten` events passing through, and looks again every
 * `refreshEveryMs` during long reads and subscriptions. It cannot append: writes go to the raw log.
 */
export function forgettingEventStore(inner: EventStore, options: ForgettingOptions): ForgettingLog {
  const registry = new ForgottenRegistry(inner, options.refreshEveryMs ?? 1_000);
  const shown = (event: RecordedEvent): RecordedEvent => {
    registry.learn(event);
    return forgetPersonalFields(event, registry, options.catalog);
  };

  async function* readStream(stream: string, readOptions?: ReadStreamOptions) {
    await registry.refresh();
    for await (const event of inner.readStream(stream, readOptions)) yield shown(event);
  }

  async function* readAll(readOptions?: ReadAllOptions) {
    await registry.refresh();
    for await (const event of inner.readAll(readOptions)) {
      await registry.refreshIfDue();
      yield shown(event);
    }
  }

  function subscribeAll(subscribeOptions?: SubscribeOptions): Subscription {
    const subscription = inner.subscribeAll(subscribeOptions);
    async function* messages(): AsyncGenerator<SubscriptionMessage> {
      await registry.refresh();
      for await (const message of subscription) {
        await registry.refreshIfDue();
        yield message.kind === 'event' ? { kind: 'event', event: shown(message.event) } : message;
      }
    }
    return {
      [Symbol.asyncIterator]: () => messages(),
      close: () => subscription.close(),
      ...(subscription.skipTo ? { skipTo: subscription.skipTo.bind(subscription) } : {}),
    };
  }

  const countEvents = inner.countEvents?.bind(inner);
  const log: LogReader & Pick<ForgettingLog, 'forgotten' | 'close' | 'shownNow'> = {
    shownNow: (events) => events.map(shown),
    ...(countEvents ? { countEvents } : {}),
    readStream,
    readAll,
    subscribeAll,
    headPosition: () => inner.headPosition(),
    async forgotten() {
      await registry.refresh();
      return registry;
    },
    close: () => inner.close(),
  };
  // The brand exists only in types: this function is the one place that may claim it.
  return log as ForgettingLog;
}
