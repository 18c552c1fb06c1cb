import { z } from 'zod';
import { cursorSchema } from '../shared/page';

/**
 * What a member is told about their own writing: a moderator's decision on their story, its
 * votes reaching 10, 50, 100 or 500, its majority flipping, new comments on it (one notification
 * per story, kept up to date), a comment of theirs reaching +10, what came of a report they
 * filed, and each reply to a comment of theirs; and about stories of others they follow
 * (`following`: new comments, one notification per story kept up to date, and a flipped majority).
 */
export const NOTIFICATION_KINDS = [
  'approved',
  'rejected',
  'hidden',
  'votes',
  'flip',
  'comments',
  'commentScore',
  'report',
  'replies',
  'following',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** The vote counts a story's author hears about. */
export const VOTE_MILESTONES = [10, 50, 100, 500] as const;
/** The score (up minus down) at which a comment's author hears about it. */
export const COMMENT_SCORE_MILESTONE = 10;

export const notificationSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: notificationKindSchema,
  storyId: z.string(),
  /**
   * The start of the story's text, cut between words (at most 60 characters with the ellipsis);
   * null once the story is deleted, or when the member may not see it (hidden, or not theirs).
   */
  storyLabel: z.string().nullable(),
  text: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first, a page at a time, with how many are unread in all. */
export const notificationsPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int().min(0),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const NOTIFICATIONS_PAGE = 20;
export const notificationsQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE),
});

/** POST /api/notifications/read: some by id (as listed), or every one there is now. */
export const markNotificationsReadRequestSchema = z.union([
  z.strictObject({
    ids: z
      .array(z.string().min(1).max(200), { error: 'ids must be a list of notification ids' })
      .min(1, 'ids must name at least one notification')
      .max(100, 'At most 100 notifications at once'),
  }),
  z.strictObject({ all: z.literal(true, { error: 'all must be true' }) }),
]);
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequestSchema>;
