import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
} from '@kurrent/kurrentdb-client';
import type { AllStreamResolvedEvent, AppendStreamState } from '@kurrent/kurrentdb-client';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../port';
import { trackedSubscription } from '../tracked-subscription';
import { EventStoreClosed } from '../errors';
import { parseUntil, prepareEvents } from '../event-codec';
import { fromResolvedEvent, isSystemEvent, toEventData } from './kurrent-event';
import { matchesFilter } from '../event-filter';
import { toServerFilter } from './kurrent-filter';
import { toEventStoreError } from './map-kurrent-error';
import { createKurrentSubscription } from './kurrentdb-subscription';

export type KurrentDbEventStoreOptions = (
  { url: string; client?: never } | { client: KurrentDBClient; url?: never }
) & {
  catalog: EventCatalog;
};

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'exists') return STREAM_EXISTS;
  return expected;
}

/**
 * What `readAll` yields of `$all`: domain events (no system ones) after `after`, that the filter
 * takes (checked again on each event) and recorded at `until` at the latest.
 */
function readAllSelection(
  catalog: EventCatalog,
  { after, filter, until }: ReadAllOptions,
): (resolved: AllStreamResolvedEvent) => RecordedEvent | undefined {
  const untilMs = until === undefined ? undefined : parseUntil(until);
  return (resolved) => {
    if (!resolved.event || isSystemEvent(resolved)) return undefined;
    if (after !== undefined && resolved.event.position.commit <= after) return undefined;
    const event = fromResolvedEvent(catalog, resolved);
    if (!matchesFilter(filter, event)) return undefined;
    if (untilMs !== undefined && Date.parse(event.metadata.recordedAt) > untilMs) return undefined;
    return event;
  };
}

/** The event store on KurrentDB / EventStoreDB (EVENTSTORE_URL). Positions are commit positions. */
export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  const ownsClient = options.client === undefined;
  const client = options.client ?? KurrentDBClient.connectionString(options.url);
  const { catalog } = options;
  const subscriptions = new Set<Subscription>();
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new EventStoreClosed();
  }

  async function lastPositionOf(stream: string): Promise<bigint> {
    for await (const resolved of client.readStream(stream, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    })) {
      return resolved.event?.position?.commit ?? resolved.commitPosition ?? 0n;
    }
    return 0n;
  }

  return {
    async append(
      stream: string,
      events: readonly NewEvent[],
      expected: ExpectedRevision,
    ): Promise<AppendResult> {
      assertOpen();
      const prepared = prepareEvents(catalog, events);
      try {
        const result = await client.appendToStream(stream, prepared.map(toEventData), {
          streamState: toStreamState(expected),
        });
        return {
          nextRevision: result.nextExpectedRevision,
          position: result.position?.commit ?? (await lastPositionOf(stream)),
        };
      } catch (error) {
        throw toEventStoreError(error, { operation: 'append', stream, expected });
      }
    },

    async *readStream(
      stream: string,
      options: ReadStreamOptions = {},
    ): AsyncIterable<RecordedEvent> {
      assertOpen();
      const backwards = options.direction === 'backwards';
      try {
        const reads = client.readStream(stream, {
          direction: backwards ? BACKWARDS : FORWARDS,
          fromRevision: options.from ?? (backwards ? END : START),
          ...(options.limit !== undefined ? { maxCount: options.limit } : {}),
        });
        for await (const resolved of reads) {
          if (resolved.event) yield fromResolvedEvent(catalog, resolved);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return;
        throw toEventStoreError(error, { operation: 'readStream', stream });
      }
    },

    async *readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
      assertOpen();
      const { after, filter } = options;
      const selected = readAllSelection(catalog, options);
      let remaining = options.limit ?? Infinity;
      if (remaining <= 0) return;
      try {
        const reads = client.readAll({
          direction: FORWARDS,
          fromPosition: after === undefined ? START : { commit: after, prepare: after },
          filter: toServerFilter(filter),
        });
        for await (const resolved of reads) {
          const event = selected(resolved);
          if (!event) continue;
          yield event;
          if (--remaining <= 0) return;
        }
      } catch (error) {
        throw toEventStoreError(error, { operation: 'readAll' });
      }
    },

    subscribeAll(options: SubscribeOptions = {}): Subscription {
      assertOpen();
      const inner = createKurrentSubscription(client, catalog, options);
      return trackedSubscription(subscriptions, inner);
    },

    async headPosition(): Promise<bigint> {
      assertOpen();
      try {
        for await (const resolved of client.readAll({
          direction: BACKWARDS,
          fromPosition: END,
          maxCount: 1,
        })) {
          return resolved.event?.position.commit ?? resolved.commitPosition ?? 0n;
        }
        return 0n;
      } catch (error) {
        throw toEventStoreError(error, { operation: 'headPosition' });
      }
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (ownsClient) await client.dispose();
    },
  };
}
