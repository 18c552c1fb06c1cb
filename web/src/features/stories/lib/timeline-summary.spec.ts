import { describe, expect, it } from 'vitest';
import type { StoryTimeline } from '@whosright/contracts/story/dto';

import { timelineSummary } from '#web/features/stories/lib/timeline-summary.ts';

const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const hour = (n: number) => `2026-03-02T${String(n).padStart(2, '0')}:00:00.000Z`;

/** A day timeline from [day, he, she] cumulative points; flips where the lead changes hands. */
function days(...points: Array<[number, number, number]>): StoryTimeline {
  const timeline: StoryTimeline = { granularity: 'day', points: [], flips: [] };
  let leading: 'he' | 'she' | null = null;
  for (const [n, he, she] of points) {
    timeline.points.push({ at: day(n), he, she });
    const leader = he === she ? null : he > she ? 'he' : 'she';
    if (leader && leading && leader !== leading) timeline.flips.push({ at: day(n), leader });
    if (leader) leading = leader;
  }
  return timeline;
}

describe('timeline summary', () => {
  it('when there are fewer than 2 points it is too early to tell', () => {
    expect(timelineSummary({ granularity: 'hour', points: [], flips: [] })).toBe(
      'Too early to tell',
    );
    expect(timelineSummary(days([1, 3, 1]))).toBe('Too early to tell');
  });

  it('when one side has always led it says since when', () => {
    expect(timelineSummary(days([1, 1, 0], [2, 3, 2]))).toBe('He has led since the first vote');
    expect(timelineSummary(days([1, 1, 1], [3, 1, 2]))).toBe(
      'Tied at first, She has led since day 3',
    );
  });

  it('when the lead changed hands it tells each change, counted in days or hours from the first', () => {
    expect(timelineSummary(days([1, 0, 1], [2, 3, 1]))).toBe('She led until day 2, then He');
    expect(timelineSummary(days([1, 0, 1], [2, 3, 1], [4, 3, 5]))).toBe(
      'She led until day 2, then He until day 4, then She',
    );
    expect(
      timelineSummary({
        granularity: 'hour',
        points: [
          { at: hour(9), he: 2, she: 0 },
          { at: hour(11), he: 2, she: 3 },
        ],
        flips: [{ at: hour(11), leader: 'she' }],
      }),
    ).toBe('He led until hour 3, then She');
  });

  it('when it is tied now or never led it says so', () => {
    expect(timelineSummary(days([1, 1, 1], [2, 2, 2]))).toBe('Tied so far');
    expect(timelineSummary(days([1, 2, 0], [2, 2, 2]))).toBe('He led, now it is tied');
    expect(timelineSummary(days([1, 0, 1], [2, 2, 1], [3, 2, 2]))).toBe(
      'She led until day 2, then He; now it is tied',
    );
  });

  it('when the lead changed hands many times it counts the changes', () => {
    expect(
      timelineSummary(days([1, 1, 0], [2, 1, 2], [3, 3, 2], [4, 3, 4], [5, 5, 4], [6, 5, 5])),
    ).toBe('The lead changed hands 4 times; now it is tied');
    expect(timelineSummary(days([1, 1, 0], [2, 1, 2], [3, 3, 2], [4, 3, 4], [5, 5, 4]))).toBe(
      'The lead changed hands 4 times; He leads now',
    );
  });
});
