import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import { writtenBy, MODERATORS_WORDS } from '../shared/forgetting';
import { storyIdSchema, userIdSchema } from '../shared/ids';
import { REPORT_REASONS, type ReportReason } from './reasons';

export const reportTargetTypeSchema = z.enum(['story', 'comment']);
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;

const REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]];
export const reportReasonSchema = z.enum(REASON_VALUES);

/** What closing a target's reports did besides closing them. */
export const reportActionSchema = z.enum(['dismiss', 'hide', 'delete', 'ban']);
export type ReportAction = z.infer<typeof reportActionSchema>;

/**
 * Every report on one story or comment: the `reports-{targetType}-{targetId}` stream. A member has
 * at most one open report per target: filing again replaces its reason and note. Closing closes
 * every open one at once, with what the moderator did.
 */
export const reportEvents = {
  ReportFiled: defineEvent(
    'ReportFiled',
    z.object({
      targetType: reportTargetTypeSchema,
      targetId: z.string(),
      /** The story the target is, or is on: where the admin's link goes. */
      storyId: storyIdSchema,
      /** Who wrote the target, whom a ban would be for. */
      authorId: userIdSchema,
      reporterId: userIdSchema,
      /** How many times this target's reports were closed before: each closing ends a round. */
      round: z.number().int().min(0),
      reason: reportReasonSchema,
      note: z.string().optional(),
    }),
    // The note is its reporter's writing.
    { forgetting: writtenBy('reporterId', 'note') },
  ),
  ReportsClosed: defineEvent(
    'ReportsClosed',
    z.object({
      targetType: reportTargetTypeSchema,
      targetId: z.string(),
      /** The story the target is, or is on: where its reporters' notification links. */
      storyId: storyIdSchema,
      moderatorId: userIdSchema,
      round: z.number().int().min(0),
      action: reportActionSchema,
      reason: z.string().optional(),
      /** The members whose open reports this closed. */
      reporterIds: z.array(userIdSchema),
    }),
    { forgetting: MODERATORS_WORDS },
  ),
};

export type ReportEvent = EventOf<(typeof reportEvents)[keyof typeof reportEvents]>;
