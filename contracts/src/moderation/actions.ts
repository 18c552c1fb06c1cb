/**
 * What the moderation log records: every admin decision on a story, a comment or an account,
 * and what an author did to their own writing that a moderator needs beside them (a story they
 * deleted, a comment they edited).
 * Zod-free, so the web app's admin screen can list them without loading zod on the first load.
 */
export const MODERATION_ACTIONS = [
  'story.approve',
  'story.reject',
  'story.hide',
  'story.pending',
  'story.delete',
  'comment.delete',
  'comment.keep',
  'comment.approve',
  'comment.edit',
  'rule.create',
  'rule.update',
  'rule.delete',
  'report.dismiss',
  'user.ban',
  'user.unban',
  'user.promote',
  'user.demote',
] as const;
