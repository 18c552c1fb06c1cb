import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThrottledLog } from './throttled-log';

afterEach(() => {
  vi.useRealTimers();
});

describe('ThrottledLog', () => {
  it('when things happen in a burst it writes the first at once and the rest as one line', () => {
    vi.useFakeTimers();
    const lines: Record<string, number>[] = [];
    const log = new ThrottledLog((counts) => lines.push(counts), 1_000);
    for (let i = 0; i < 500; i++) log.note(i % 2 ? 'address' : 'total');
    expect(lines).toEqual([{ total: 1 }]);
    vi.advanceTimersByTime(1_000);
    expect(lines).toEqual([{ total: 1 }, { address: 250, total: 249 }]);
    vi.advanceTimersByTime(5_000);
    expect(lines).toHaveLength(2);
    log.note('address');
    expect(lines.at(-1)).toEqual({ address: 1 });
  });
});
