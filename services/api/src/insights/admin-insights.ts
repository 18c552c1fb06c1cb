import type { Insights, InsightDay } from '@whosright/contracts/insights/dto';
import { DEFAULT_RANKING_RULE } from '@whosright/contracts/story/ranking-rule';
import type { InsightsQueries } from '@whosright/projections/insights/queries';
import type { StoryQueries } from '@whosright/projections/stories/queries';

/** Ten equal ranges of skip rate, 0-10% to 90-100%. */
const SKIP_RATE_BUCKETS = 10;
const DAY_MS = 24 * 3600_000;

export interface AdminInsightsDeps {
  insights: InsightsQueries;
  stories: StoryQueries;
  now?: () => Date;
}

/**
 * The admin's Insights tab: activity per day over the window from the insights read model, the
 * verdict split of approved stories from its leads, and the skip-rate distribution with the
 * poor-performer threshold from the stories read model (the same ranking the Poor Performing tab
 * lists).
 */
export class AdminInsights {
  private readonly now: () => Date;

  constructor(private readonly deps: AdminInsightsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async over(days: number): Promise<Insights> {
    const dates = lastDays(this.now(), days);
    const [active, verdicts, histogram, poor] = await Promise.all([
      this.deps.insights.daysBetween(dates[0]!, dates[dates.length - 1]!),
      this.deps.insights.leadCounts(),
      this.deps.stories.skipRateHistogram(SKIP_RATE_BUCKETS),
      this.deps.stories.poorPerformersBy(DEFAULT_RANKING_RULE),
    ]);
    const byDate = new Map(active.map((day) => [day._id, day]));
    return {
      days: dates.map((date): InsightDay => {
        const day = byDate.get(date);
        return {
          date,
          votes: day?.votes ?? 0,
          stories: day?.stories ?? 0,
          comments: day?.comments ?? 0,
          signups: day?.signups ?? 0,
        };
      }),
      verdicts,
      skipRates: {
        minViews: DEFAULT_RANKING_RULE.minViews,
        buckets: histogram.map((stories, i) => ({
          from: i / SKIP_RATE_BUCKETS,
          to: (i + 1) / SKIP_RATE_BUCKETS,
          stories,
        })),
        threshold: poor.list.at(-1)?.skipRate ?? null,
        poorPerformers: poor.list.length,
      },
    };
  }
}

/** The `days` UTC days up to today's, oldest first, as `YYYY-MM-DD`. */
function lastDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) =>
    new Date(now.getTime() - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}
