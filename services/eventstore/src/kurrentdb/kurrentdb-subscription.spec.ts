import { PassThrough } from 'node:stream';
import { UnavailableError } from '@kurrent/kurrentdb-client';
import type {
  AllStreamResolvedEvent,
  KurrentDBClient,
  SubscribeToAllOptions,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionMessage } from '../port';
import { testCatalog } from '../testing/test-catalog';
import { createKurrentSubscription } from './kurrentdb-subscription';

/** Stands in for the client's subscription stream: an object stream plus `unsubscribe`. */
function fakeSubscription() {
  return Object.assign(new PassThrough({ objectMode: true }), {
    unsubscribe: () => Promise.resolve(),
  });
}

function resolved(position: number, stream = 'counter-1'): AllStreamResolvedEvent {
  return {
    event: {
      streamId: stream,
      id: `0190a5a0-0000-7000-8000-00000000000${position}`,
      isJson: true,
      revision: BigInt(position - 1),
      type: 'CounterIncremented',
      created: new Date(),
      data: { by: position },
      metadata: { correlationId: 'c', recordedAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
      position: { commit: BigInt(position * 100), prepare: BigInt(position * 100) },
    },
    commitPosition: BigInt(position * 100),
  };
}

describe('kurrentdb subscription (fake client)', () => {
  it('when the connection drops it resubscribes from the last event received and keeps order and signals', async () => {
    const calls: SubscribeToAllOptions[] = [];
    const streams = [fakeSubscription(), fakeSubscription()];
    const client = {
      subscribeToAll: (options: SubscribeToAllOptions) => {
        calls.push(options);
        return streams[calls.length - 1];
      },
    } as unknown as KurrentDBClient;
    const subscription = createKurrentSubscription(client, testCatalog, { after: 50n });
    const iterator = subscription[Symbol.asyncIterator]();
    const next = async () => (await iterator.next()).value as SubscriptionMessage;

    streams[0]!.write(resolved(1));
    streams[0]!.write(resolved(2));
    const first = [await next(), await next()];
    streams[0]!.emit('error', new UnavailableError());
    // Subscribed again after its back-off.
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    streams[1]!.write(resolved(3));
    streams[1]!.emit('caughtUp', { position: { commit: 300n, prepare: 300n } });
    const after = [await next(), await next()];

    expect(calls.map((c) => c.fromPosition)).toEqual([
      { commit: 50n, prepare: 50n },
      { commit: 200n, prepare: 200n },
    ]);
    expect(
      [...first, ...after].map((m) =>
        m.kind === 'event' ? m.event.position : `${m.kind} ${m.position}`,
      ),
    ).toEqual([100n, 200n, 300n, 'caughtUp 300']);
    await subscription.close();
  });

  it('when a signal arrives while events are still buffered it is delivered after them', async () => {
    const stream = fakeSubscription();
    const client = { subscribeToAll: () => stream } as unknown as KurrentDBClient;
    const subscription = createKurrentSubscription(client, testCatalog);
    const iterator = subscription[Symbol.asyncIterator]();
    stream.pause();
    stream.write(resolved(1));
    stream.write(resolved(2));
    stream.emit('caughtUp', { position: { commit: 200n, prepare: 200n } });
    stream.resume();
    const messages: SubscriptionMessage[] = [];
    for (let i = 0; i < 3; i++) messages.push((await iterator.next()).value as SubscriptionMessage);
    expect(messages.map((m) => m.kind)).toEqual(['event', 'event', 'caughtUp']);
    await subscription.close();
  });
});
