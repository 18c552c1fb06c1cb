import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../port';
import { RecentEvents } from './recent-events';

const at = (position: number) =>
  ({ position: BigInt(position), id: `e${position}` }) as RecordedEvent;
const positions = (events: RecordedEvent[] | undefined) => events?.map((e) => Number(e.position));

describe('recent events', () => {
  it('when a read falls inside the run it is served from memory, in order and limited', () => {
    const recent = new RecentEvents();
    recent.record([at(5), at(6)]);
    recent.record([at(7)]);
    expect(positions(recent.page(4n, 7n, 10))).toEqual([5, 6, 7]);
    expect(positions(recent.page(5n, 7n, 1))).toEqual([6]);
    expect(positions(recent.page(7n, 7n, 10))).toEqual([]);
  });

  it('when a read reaches outside the run it answers undefined (SQLite serves it)', () => {
    const recent = new RecentEvents();
    recent.record([at(5), at(6)]);
    expect(recent.page(3n, 6n, 10)).toBeUndefined();
    expect(recent.page(5n, 8n, 10)).toBeUndefined();
  });

  it('when another process appended in between, the run starts over', () => {
    const recent = new RecentEvents();
    recent.record([at(5), at(6)]);
    recent.record([at(9)]);
    expect(recent.page(4n, 6n, 10)).toBeUndefined();
    expect(positions(recent.page(8n, 9n, 10))).toEqual([9]);
  });

  it('when the run grows past twice its capacity it keeps the newest', () => {
    const recent = new RecentEvents(2);
    for (let p = 1; p <= 5; p++) recent.record([at(p)]);
    expect(recent.page(0n, 5n, 10)).toBeUndefined();
    expect(positions(recent.page(3n, 5n, 10))).toEqual([4, 5]);
  });
});
