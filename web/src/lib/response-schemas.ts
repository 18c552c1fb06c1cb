/**
 * The contracts' response schemas, in a chunk of their own: zod is one of the largest libraries
 * in the app and no screen needs it to render. `apiRequest` starts loading this module with the
 * first request that names a schema, beside the fetch, and parses with it at the edge. The
 * screens a reader opens first (feed, story, comments, who is signed in, the run-time config)
 * check their responses with the small shapes of lib/shape.ts instead and never load it.
 */
// First: the schemas below must be built with zod's compiled parsers off.
import '#web/lib/zod-jitless.ts';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { flaggedCommentSchema, myCommentSchema } from '@whosright/contracts/comment/dto';
import { heldCommentSchema } from '@whosright/contracts/automod/dto';
import { pageSchema } from '@whosright/contracts/shared/page';
import {
  adminStorySchema,
  dashboardStorySchema,
  myStorySchema,
} from '@whosright/contracts/story/dto';

export {
  adminSummarySchema,
  currentUserSchema,
  userStatsSchema,
  verifyEmailResponseSchema,
} from '@whosright/contracts/account/dto';
export {
  notificationSettingsSchema,
  unsubscribeResponseSchema,
} from '@whosright/contracts/notification/settings';
export { moderationLogPageSchema, storyHistorySchema } from '@whosright/contracts/moderation/dto';
export { dryRunResponseSchema, replayJobSchema } from '@whosright/contracts/story/ranking-dto';
export { storyTimelineResponseSchema } from '@whosright/contracts/story/dto';
export {
  filedReportSchema,
  myReportSchema,
  reportedTargetsPageSchema,
} from '@whosright/contracts/report/dto';
export { savedStoriesPageSchema } from '@whosright/contracts/saved/dto';
export { storySearchPageSchema } from '@whosright/contracts/search/dto';
export { insightsSchema } from '@whosright/contracts/insights/dto';
export {
  automodDryRunJobSchema,
  automodRuleSchema,
  automodRulesSchema,
} from '@whosright/contracts/automod/dto';
export {
  memberHistorySchema,
  memberNoteSchema,
  memberNotesPageSchema,
} from '@whosright/contracts/member-history/dto';

export const myStoryPageSchema = pageSchema(myStorySchema);
export const myCommentPageSchema = pageSchema(myCommentSchema);
export const dashboardPageSchema = pageSchema(dashboardStorySchema);
export const adminStoryPageSchema = pageSchema(adminStorySchema);
export const adminUserPageSchema = pageSchema(currentUserSchema);
export const flaggedCommentPageSchema = pageSchema(flaggedCommentSchema);
export const heldCommentPageSchema = pageSchema(heldCommentSchema);
