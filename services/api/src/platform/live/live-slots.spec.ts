import { describe, expect, it, vi } from 'vitest';
import { LiveSlots } from './live-slots';

const none = () => undefined;

describe('LiveSlots', () => {
  it('when a client holds its share it is refused, others are not, and a release frees one', () => {
    const slots = new LiveSlots(2, 10);
    const a1 = slots.take('a', none);
    const a2 = slots.take('a', none);
    expect(slots.take('a', none)).toEqual({ refused: 'client' });
    expect('release' in slots.take('b', none)).toBe(true);
    if (!('release' in a1) || !('release' in a2)) throw new Error('expected slots');
    a1.release();
    a1.release(); // twice frees once
    expect(slots.open).toBe(2);
    expect('release' in slots.take('a', none)).toBe(true);
    expect(slots.take('a', none)).toEqual({ refused: 'client' });
  });

  it('when the instance is full a newcomer gets a slot and the oldest stream is ended for it', () => {
    const onShed = vi.fn();
    const slots = new LiveSlots(5, 2, onShed);
    const shedA = vi.fn();
    const shedB = vi.fn();
    const a = slots.take('a', shedA);
    slots.take('b', shedB);
    const c = slots.take('c', none);
    expect('release' in c).toBe(true);
    expect(shedA).toHaveBeenCalledTimes(1);
    expect(shedB).not.toHaveBeenCalled();
    expect(onShed).toHaveBeenCalledTimes(1);
    expect(slots.open).toBe(2);
    // The shed stream's own release (its 'close') frees nothing more.
    if ('release' in a) a.release();
    expect(slots.open).toBe(2);
    // Its client's share was given back with it.
    slots.take('a', none);
    expect(shedB).toHaveBeenCalledTimes(1);
  });

  it('when streams close the oldest still open is the next one shed', () => {
    const slots = new LiveSlots(5, 2);
    const shedA = vi.fn();
    const shedB = vi.fn();
    const a = slots.take('a', shedA);
    slots.take('b', shedB);
    if ('release' in a) a.release();
    slots.take('c', none);
    slots.take('d', none);
    expect(shedA).not.toHaveBeenCalled();
    expect(shedB).toHaveBeenCalledTimes(1);
  });
});
