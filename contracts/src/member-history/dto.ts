import { z } from 'zod';
import { moderationActionSchema, moderationSourceSchema } from '../moderation/dto';
import { reportActionSchema, reportReasonSchema, reportTargetTypeSchema } from '../report/events';
import { pageSchema } from '../shared/page';
import { MEMBER_NOTE_MAX } from './events';

export { MEMBER_NOTE_MAX } from './events';

/** POST /api/admin/users/{id}/notes: the note's text, 1 to 1000 characters once trimmed. */
export const addMemberNoteRequestSchema = z.strictObject({
  text: z
    .string({ error: 'A note must be text' })
    .trim()
    .min(1, 'Write a note')
    .max(MEMBER_NOTE_MAX, `A note must be at most ${MEMBER_NOTE_MAX} characters`),
});
export type AddMemberNoteRequest = z.infer<typeof addMemberNoteRequestSchema>;

/** Someone the history names; null when their account is gone (or for the command line). */
const personSchema = z.object({ id: z.string(), displayName: z.string() }).nullable();

export const memberNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: personSchema,
  at: z.string(),
});
export type MemberNote = z.infer<typeof memberNoteSchema>;

/**
 * GET /api/admin/users/{id}/notes?cursor=&limit=: the notes on a member, newest first, a page at
 * a time (the history carries the first).
 */
export const memberNotesPageSchema = pageSchema(memberNoteSchema);
export type MemberNotesPage = z.infer<typeof memberNotesPageSchema>;

/** One moderation decision about the member, or one report case against their writing. */
export const memberHistoryEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('decision'),
    id: z.string(),
    at: z.string(),
    action: moderationActionSchema,
    source: moderationSourceSchema,
    by: personSchema,
    reason: z.string().nullable(),
    target: z.object({
      type: z.enum(['story', 'comment', 'user', 'rule']),
      id: z.string(),
      label: z.string(),
    }),
  }),
  z.object({
    kind: z.literal('reports'),
    id: z.string(),
    /** When the last report came in, or when the case was closed. */
    at: z.string(),
    target: z.object({ type: reportTargetTypeSchema, id: z.string(), storyId: z.string() }),
    count: z.number(),
    reasons: z.array(reportReasonSchema),
    /** Null while the reports are open. */
    outcome: z
      .object({ action: reportActionSchema, reason: z.string().nullable(), by: personSchema })
      .nullable(),
  }),
]);
export type MemberHistoryEntry = z.infer<typeof memberHistoryEntrySchema>;

export const memberHistoryCountsSchema = z.object({
  storiesRejected: z.number(),
  storiesHidden: z.number(),
  storiesDeleted: z.number(),
  commentsDeleted: z.number(),
  reports: z.number(),
  bans: z.number(),
  notes: z.number(),
});
export type MemberHistoryCounts = z.infer<typeof memberHistoryCountsSchema>;

/** GET /api/admin/users/{id}/history: the member, counts, decisions and reports, the first notes. */
export const memberHistorySchema = z.object({
  /** A deleted member keeps only their id: 'Deleted member', status `deleted`, no e-mail or date. */
  user: z.object({
    id: z.string(),
    displayName: z.string(),
    email: z.string().nullable(),
    role: z.enum(['user', 'admin']),
    status: z.enum(['active', 'banned', 'deleted']),
    createdAt: z.string().nullable(),
    ban: z.object({ at: z.string(), reason: z.string().nullable() }).nullable(),
  }),
  counts: memberHistoryCountsSchema,
  /** Newest first; the latest 200 of each kind. */
  entries: z.array(memberHistoryEntrySchema),
  /** The first page of the notes, newest first; `counts.notes` counts them all. */
  notes: memberNotesPageSchema,
});
export type MemberHistory = z.infer<typeof memberHistorySchema>;
