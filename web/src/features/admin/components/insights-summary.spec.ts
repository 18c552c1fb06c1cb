import { describe, expect, it } from 'vitest';

import {
  activitySummary,
  skipRateSummary,
  verdictSummary,
} from '#web/features/admin/components/insights-summary.ts';

const day = (date: string, votes: number) => ({ date, votes, stories: 0, comments: 0, signups: 0 });
const labels = {
  votes: 'Votes',
  stories: 'New stories',
  comments: 'Comments',
  signups: 'Sign-ups',
};

describe('insights text alternatives', () => {
  it('when days have activity it says the total and the busiest day; without any, none', () => {
    const days = [day('2026-12-05', 4), day('2026-12-06', 40), day('2026-12-07', 3)];
    expect(activitySummary(days, ['votes', 'stories'], labels)).toBe(
      'Votes: 47 over the last 3 days, most on 6 Dec (40). New stories: none over the last 3 days.',
    );
  });

  it('when stories lead each way it counts them, and says when there are none', () => {
    expect(verdictSummary({ he: 5, she: 4, tied: 1, none: 2 })).toBe(
      "Of 12 approved stories, He's Right leads 5, She's Right leads 4; 1 is tied and 2 have no votes yet.",
    );
    expect(verdictSummary({ he: 0, she: 0, tied: 0, none: 0 })).toBe('No approved stories yet.');
  });

  it('when skip rates are spread it names the busiest range and the poor-performer threshold', () => {
    const buckets = Array.from({ length: 10 }, (_, i) => ({
      from: i / 10,
      to: (i + 1) / 10,
      stories: i === 2 ? 12 : i === 8 ? 2 : 1,
    }));
    expect(skipRateSummary({ minViews: 10, buckets, threshold: 0.82, poorPerformers: 2 })).toBe(
      '22 stories with 10 views or more, most skipped by 20% to 30% of viewers (12). Poor performers from a skip rate of 82% (2 stories).',
    );
    expect(
      skipRateSummary({
        minViews: 10,
        buckets: buckets.map((b) => ({ ...b, stories: 0 })),
        threshold: null,
        poorPerformers: 0,
      }),
    ).toBe('No story has 10 views yet.');
  });
});
