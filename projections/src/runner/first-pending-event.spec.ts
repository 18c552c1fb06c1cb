import { describe, expect, it } from 'vitest';
import type { ReadAllOptions, RecordedEvent } from '@whosright/eventstore/port';
import { firstPendingEvent } from './first-pending-event';
import { defineProjection, type AnyProjection } from './projection';

/** A log of events at positions 1, 2, ... of the given types, counting what each read looked at. */
function fakeLog(types: string[]) {
  const events = types.map(
    (type, i) => ({ type, stream: `s-${i}`, position: BigInt(i + 1) }) as RecordedEvent,
  );
  const reads: { after: bigint | undefined; looked: number }[] = [];
  return {
    reads,
    append: (type: string) =>
      events.push({ type, stream: 's', position: BigInt(events.length + 1) } as RecordedEvent),
    async *readAll(options: ReadAllOptions = {}) {
      const read = { after: options.after, looked: 0 };
      reads.push(read);
      let remaining = options.limit ?? Infinity;
      // Answers after a turn, as a store does.
      await Promise.resolve();
      for (const event of events) {
        if (event.position <= (options.after ?? 0n)) continue;
        read.looked += 1;
        if (options.filter?.eventTypes && !options.filter.eventTypes.includes(event.type)) continue;
        yield event;
        if (--remaining <= 0) return;
      }
    },
  };
}

const handlesVotes = defineProjection<never>({
  name: 'votes',
  version: 1,
  eventTypes: ['Voted'],
  collections: [],
  apply: () => [],
});

describe('the first event a copy has yet to reflect', () => {
  it('when only events it does not handle follow the checkpoint it finds none', async () => {
    const log = fakeLog(['Voted', 'Read', 'Read']);
    const first = firstPendingEvent(log, handlesVotes);
    expect(await first(1, 1n, 3n)).toBeUndefined();
    log.append('Voted');
    expect(await first(1, 1n, 4n)).toBe(4n);
  });

  it('when asked again it reads only what was appended since the last search', async () => {
    const log = fakeLog(['Voted', 'Read', 'Read', 'Read']);
    const first = firstPendingEvent(log, handlesVotes);
    expect(await first(1, 1n, 4n)).toBeUndefined();
    log.append('Read');
    expect(await first(1, 1n, 5n)).toBeUndefined();
    expect(log.reads.map((r) => r.after)).toEqual([1n, 4n]);
    expect(await first(1, 1n, 5n)).toBeUndefined();
    expect(log.reads).toHaveLength(2);
  });

  it('when the checkpoint passes the event found it looks for the next one after the checkpoint', async () => {
    const log = fakeLog(['Voted', 'Read', 'Voted', 'Voted']);
    const first = firstPendingEvent(log, handlesVotes);
    expect(await first(1, 0n, 4n)).toBe(1n);
    expect(await first(1, 0n, 4n)).toBe(1n);
    expect(log.reads).toHaveLength(1);
    expect(await first(1, 3n, 4n)).toBe(4n);
    expect(await first(1, 4n, 4n)).toBeUndefined();
  });

  it('when another copy is asked about it forgets what it found for the previous one', async () => {
    const log = fakeLog(['Voted', 'Read']);
    const first = firstPendingEvent(log, handlesVotes);
    expect(await first(1, 1n, 2n)).toBeUndefined();
    expect(await first(2, 0n, 2n)).toBe(1n);
  });

  it('when the projection decides by itself it reads every event and asks it', async () => {
    const log = fakeLog(['Voted', 'Read', 'Shown']);
    const decides: AnyProjection = { ...handlesVotes, canHandle: (e) => e.type === 'Shown' };
    const first = firstPendingEvent(log, decides);
    expect(await first(1, 0n, 3n)).toBe(3n);
    expect(log.reads).toEqual([{ after: 0n, looked: 3 }]);
  });

  it('when an event it handles lies past the head it was given it is left for the next report', async () => {
    const log = fakeLog(['Read', 'Voted']);
    const first = firstPendingEvent(log, handlesVotes);
    expect(await first(1, 0n, 1n)).toBeUndefined();
    expect(await first(1, 0n, 2n)).toBe(2n);
  });
});
