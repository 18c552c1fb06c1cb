import { z } from 'zod';

/** How many days back the admin's insights reach. */
export const INSIGHT_WINDOWS = [30, 90] as const;

/** GET /api/admin/insights?days=30|90 (30 when absent or empty). */
export const insightsQuerySchema = z.strictObject({
  days: z.preprocess(
    // Absent or left empty: the last 30 days.
    (days) => (days === '' || days === undefined ? '30' : days),
    z
      .enum(['30', '90'], { error: 'days must be 30 or 90' })
      .transform((days) => Number(days) as (typeof INSIGHT_WINDOWS)[number]),
  ),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const count = z.number().int().min(0);

/** One UTC day of activity: as it happened, a later deletion takes nothing back. */
export const insightDaySchema = z.object({
  date: z.string(),
  votes: count,
  stories: count,
  comments: count,
  signups: count,
});
export type InsightDay = z.infer<typeof insightDaySchema>;

/**
 * The admin's charts: every day of the window (oldest first, days without activity at zero), the
 * approved stories by who leads them now, and the skip rates of the stories with enough views in
 * ten equal ranges, with the skip rate from which a story is a poor performer (null: none yet).
 */
export const insightsSchema = z.object({
  days: z.array(insightDaySchema),
  verdicts: z.object({ he: count, she: count, tied: count, none: count }),
  skipRates: z.object({
    minViews: count,
    buckets: z.array(z.object({ from: z.number(), to: z.number(), stories: count })),
    threshold: z.number().nullable(),
    poorPerformers: count,
  }),
});
export type Insights = z.infer<typeof insightsSchema>;
