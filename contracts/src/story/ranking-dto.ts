/**
 * The Poor Performing ranking as it stood: replays of the stories read model up to a
 * moment, their progress, and dry runs of another rule (top fraction, minimum views).
 */
import { z } from 'zod';
import { POOR_STORY_MIN_VIEWS } from '../shared/constants';
import { DEFAULT_RANKING_RULE } from './ranking-rule';

/**
 * A rule as the API takes it (numbers or query strings). Minimum views start at
 * POOR_STORY_MIN_VIEWS: a replay keeps the stories with that many views, enough for every rule.
 */
export const rankingRuleSchema = z.strictObject({
  topFraction: z.coerce
    .number({ error: 'topFraction must be a number' })
    .min(0.01, 'topFraction must be at least 0.01')
    .max(0.5, 'topFraction must be at most 0.5'),
  minViews: z.coerce
    .number({ error: 'minViews must be a number' })
    .int('minViews must be a whole number')
    .min(POOR_STORY_MIN_VIEWS, `minViews must be at least ${POOR_STORY_MIN_VIEWS}`)
    .max(100_000, 'minViews must be at most 100000'),
});

/** A replay's id: `stories-` and the moment's minute (UTC), e.g. `stories-202611160930`. */
export const replayIdParamsSchema = z.object({ id: z.string().max(100) });

/** A moment to replay the log until: a real calendar date-time, not in the future. */
export const replayMomentSchema = z.iso
  .datetime({ offset: true, error: 'until must be an ISO date-time, e.g. 2026-11-16T09:30:00Z' })
  .refine((until) => Date.parse(until) <= Date.now(), 'until must not be in the future');

/** POST /api/admin/replays: the moment (not in the future) and, optionally, the rule to rank by. */
export const startReplayRequestSchema = z.strictObject({
  until: replayMomentSchema,
  rule: rankingRuleSchema.optional(),
});

/** GET /api/admin/replays/{id}?topFraction=&minViews=: the rule its result is ranked by. */
export const replayQuerySchema = rankingRuleSchema.partial();

/**
 * GET /api/admin/stories/poor/dry-run: a rule (the current one where a part is left out), over
 * today's stories or a finished replay's.
 */
export const dryRunQuerySchema = z.strictObject({
  topFraction: rankingRuleSchema.shape.topFraction.default(DEFAULT_RANKING_RULE.topFraction),
  minViews: rankingRuleSchema.shape.minViews.default(DEFAULT_RANKING_RULE.minViews),
  replay: z.string().max(100).optional(),
});

/** One story of a ranking, as it stood. */
export const rankedStorySchema = z.object({
  id: z.string(),
  /** The first 100 characters of the story. */
  excerpt: z.string(),
  category: z.string(),
  createdAt: z.string(),
  viewCount: z.number(),
  skipCount: z.number(),
  /** A decimal string with four places, as the admin lists show it, e.g. "0.8125". */
  skipRate: z.string(),
});
export type RankedStory = z.infer<typeof rankedStorySchema>;

export const replayProgressSchema = z.object({
  /** Events read so far. */
  done: z.number(),
  /** Events up to the moment (an estimate where the event store cannot count them). */
  total: z.number(),
  eventsPerSecond: z.number(),
  /** Seconds left at the current rate; null before there is a rate. */
  etaSeconds: z.number().nullable(),
});
export type ReplayProgress = z.infer<typeof replayProgressSchema>;

export const replayStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

export const replayJobSchema = z.object({
  id: z.string(),
  status: replayStatusSchema,
  /** The moment (the requested one, seconds dropped). */
  until: z.string(),
  progress: replayProgressSchema,
  /** When done: the ranking by `rule` as it stood. */
  result: z
    .object({
      rule: z.object({ topFraction: z.number(), minViews: z.number() }),
      /** Approved stories with at least `rule.minViews` views then. */
      rankable: z.number(),
      list: z.array(rankedStorySchema),
    })
    .optional(),
  /** When failed: why. */
  error: z.string().optional(),
});
export type ReplayJob = z.infer<typeof replayJobSchema>;

export const dryRunResponseSchema = z.object({
  /** `live` (today's read model) or the replay's moment. */
  asOf: z.string(),
  rule: z.object({ topFraction: z.number(), minViews: z.number() }),
  current: z.object({ topFraction: z.number(), minViews: z.number() }),
  /** The ranking by `rule`. */
  list: z.array(rankedStorySchema),
  /** In the list by `rule`, not in the current one. */
  entering: z.array(rankedStorySchema),
  /** In the current list, not in the one by `rule`. */
  leaving: z.array(rankedStorySchema),
});
export type DryRun = z.infer<typeof dryRunResponseSchema>;
