import { z } from 'zod';
import { commentVersionSchema } from '../comment/dto';
import { commentIdSchema, storyIdSchema } from '../shared/ids';
import { moderationReasonSchema } from '../shared/moderation';
import { cursorSchema, pageLimitSchema } from '../shared/page';
import { cleaned } from '../shared/text';
import {
  reportActionSchema,
  reportReasonSchema,
  reportTargetTypeSchema,
  type ReportAction,
  type ReportTargetType,
} from './events';
import { REPORT_NOTE_MAX } from './reasons';

export { REPORT_NOTE_MAX, REPORT_REASONS, REPORTS_PER_HOUR } from './reasons';
export type { ReportReason } from './reasons';
export { reportActionSchema, reportReasonSchema, reportTargetTypeSchema };
export type { ReportAction, ReportTargetType };

const reportNoteSchema = cleaned(
  z
    .string({ error: 'A note must be text' })
    .trim()
    .max(REPORT_NOTE_MAX, `A note must be at most ${REPORT_NOTE_MAX} characters`)
    .optional()
    .nullable(),
).transform((note) => (note ? note : undefined));

const reportFields = {
  reason: z.enum(reportReasonSchema.options, {
    error: 'Choose a reason: spam, harassment, personal_info, off_topic or other',
  }),
  note: reportNoteSchema,
};

/** POST /api/reports: a story or a comment, why, and an optional note. */
export const fileReportRequestSchema = z.discriminatedUnion(
  'targetType',
  [
    z.strictObject({ targetType: z.literal('story'), targetId: storyIdSchema, ...reportFields }),
    z.strictObject({
      targetType: z.literal('comment'),
      targetId: commentIdSchema,
      ...reportFields,
    }),
  ],
  { error: 'targetType must be story or comment' },
);
export type FileReportRequest = z.infer<typeof fileReportRequestSchema>;
/** What the web app sends. */
export type FileReportBody = z.input<typeof fileReportRequestSchema>;

/** The member's open report on the target, as filed (201) or as replaced by filing again (200). */
export const filedReportSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  reason: reportReasonSchema,
  note: z.string().nullable(),
  status: z.literal('open'),
});
export type FiledReport = z.infer<typeof filedReportSchema>;

/** GET /api/reports/{targetType}/{targetId}: the member's open report on it, if any. */
export const myReportSchema = z.object({ report: filedReportSchema.nullable() });
export type MyReport = z.infer<typeof myReportSchema>;

const personSchema = z.object({ id: z.string(), displayName: z.string() }).nullable();

/**
 * GET /api/admin/reports: one item per reported target and round (a round ends when an admin
 * closes its reports), with every report of the round, the target's text as it is now (null once
 * it is gone) and, once closed, what was done.
 */
export const reportedTargetSchema = z.object({
  id: z.string(),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  storyId: z.string(),
  text: z.string().nullable(),
  /** A comment's texts before its author's edits, oldest first (absent: never edited). */
  earlierVersions: z.array(commentVersionSchema).optional(),
  author: personSchema,
  count: z.number().int().min(1),
  reasons: z.array(z.object({ reason: reportReasonSchema, count: z.number().int().min(1) })),
  reports: z.array(
    z.object({
      reporter: personSchema,
      reason: reportReasonSchema,
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  lastReportedAt: z.string(),
  closed: z
    .object({
      action: reportActionSchema,
      reason: z.string().nullable(),
      by: personSchema,
      at: z.string(),
    })
    .nullable(),
});
export type ReportedTarget = z.infer<typeof reportedTargetSchema>;

export const reportedTargetsPageSchema = z.object({
  items: z.array(reportedTargetSchema),
  nextCursor: z.string().nullable(),
});
export type ReportedTargetsPage = z.infer<typeof reportedTargetsPageSchema>;

export const reportsQuerySchema = z.strictObject({
  status: z.enum(['open', 'closed']).default('open'),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});

export const reportTargetParamsSchema = z.discriminatedUnion('targetType', [
  z.object({ targetType: z.literal('story'), targetId: storyIdSchema }),
  z.object({ targetType: z.literal('comment'), targetId: commentIdSchema }),
]);

/**
 * PATCH /api/admin/reports/{targetType}/{targetId}: close every open report on the target,
 * dismissing them or hiding the story / deleting the comment, or banning its author.
 */
export const closeReportsRequestSchema = z.strictObject({
  action: reportActionSchema,
  reason: moderationReasonSchema,
});
export type CloseReportsRequest = z.infer<typeof closeReportsRequestSchema>;
