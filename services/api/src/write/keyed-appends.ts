import type { KeyedAppend } from '@whosright/eventstore/command/decide-many';
import { derivedEventId } from '@whosright/eventstore/event-id';
import type { EventStore } from '@whosright/eventstore/port';
import type { WriteKey } from '#api/platform/idempotency/write-key';

/** The most events one append of a keyed write is looked for with (far more than any appends). */
const MAX_EVENTS_PER_APPEND = 64;
/** A keyed write's start is told by the first event of one of its first few appends. */
const FIRST_APPENDS_LOOKED_AT = 4;

type LookUp = NonNullable<EventStore['eventsById']>;

function lookUpOf(eventStore: EventStore): LookUp | undefined {
  return eventStore.eventsById?.bind(eventStore);
}

/**
 * The next append of a write with an Idempotency-Key: its events get ids its retries derive
 * again, and it finds them rather than deciding again. Undefined without a key, or where the
 * store cannot look events up by id.
 */
export function keyedAppendOf(
  eventStore: EventStore,
  writeKey: WriteKey | undefined,
): KeyedAppend | undefined {
  const byId = lookUpOf(eventStore);
  if (!writeKey || !byId) return undefined;
  const call = writeKey.nextAppend();
  const eventId = (index: number) => derivedEventId(writeKey.key, call, index);
  return {
    eventId,
    async earlier() {
      // Usually nothing: one indexed lookup, then the rest only when the first is there.
      if ((await byId([eventId(0)])).length === 0) return [];
      writeKey.appended = true;
      return byId(Array.from({ length: MAX_EVENTS_PER_APPEND }, (_, i) => eventId(i)));
    },
  };
}

/**
 * When the write with an Idempotency-Key began: what its first attempt's events say (their
 * recorded time is the attempt's start), or undefined when none of its appends is in the log.
 */
export async function keyedWriteStartedAt(
  eventStore: EventStore,
  key: string,
): Promise<number | undefined> {
  const byId = lookUpOf(eventStore);
  if (!byId) return undefined;
  const firsts = Array.from({ length: FIRST_APPENDS_LOOKED_AT }, (_, call) =>
    derivedEventId(key, call, 0),
  );
  const [first] = await byId(firsts);
  return first?.metadata.recordedAt ? Date.parse(first.metadata.recordedAt) : undefined;
}
