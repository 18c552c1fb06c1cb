import { describe, expect, it } from 'vitest';

import { timeAgo } from '#web/lib/relative-time.ts';

const now = Date.parse('2026-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('timeAgo', () => {
  it('when less than a minute passed it says just now', () => {
    expect(timeAgo(ago(30_000), now)).toBe('just now');
  });

  it('when minutes, hours or days passed it names the largest whole unit', () => {
    expect(timeAgo(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(timeAgo(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(timeAgo(ago(3 * 24 * 3600_000), now)).toBe('3 days ago');
    expect(timeAgo(ago(400 * 24 * 3600_000), now)).toBe('1 year ago');
  });

  it('when the clock is behind the server it never says "in ..."', () => {
    expect(timeAgo(ago(-10_000), now)).toBe('just now');
  });
});
