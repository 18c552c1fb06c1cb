import type { Subscription } from './port';

/** Wraps an adapter's subscription so the store can close every open one when it closes. */
export function trackedSubscription(open: Set<Subscription>, inner: Subscription): Subscription {
  const subscription: Subscription = {
    [Symbol.asyncIterator]: () => inner[Symbol.asyncIterator](),
    close: async () => {
      open.delete(subscription);
      await inner.close();
    },
    ...(inner.skipTo ? { skipTo: inner.skipTo.bind(inner) } : {}),
  };
  open.add(subscription);
  return subscription;
}
