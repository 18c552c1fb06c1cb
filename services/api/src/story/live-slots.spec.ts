import { describe, expect, it } from 'vitest';
import { LiveSlots } from './live-slots';

describe('LiveSlots', () => {
  it('when a client holds its share it is refused, others are not, and a release frees one', () => {
    const slots = new LiveSlots(2, 10);
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(slots.take('a')).toEqual({ refused: 'client' });
    expect('release' in slots.take('b')).toBe(true);
    if (!('release' in a1) || !('release' in a2)) throw new Error('expected slots');
    a1.release();
    a1.release(); // twice frees once
    expect(slots.open).toBe(2);
    expect('release' in slots.take('a')).toBe(true);
    expect(slots.take('a')).toEqual({ refused: 'client' });
  });

  it('when the instance holds its total every client is refused', () => {
    const slots = new LiveSlots(5, 2);
    slots.take('a');
    slots.take('b');
    expect(slots.take('c')).toEqual({ refused: 'total' });
  });
});
