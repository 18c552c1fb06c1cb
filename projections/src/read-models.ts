import type { AnyProjection } from './runner/projection';
import { commentsProjection } from './comments/projection';
import { insightsProjection } from './insights/projection';
import { memberNotesProjection } from './member-notes/projection';
import { memberReactionsProjection } from './member-reactions/projection';
import { memberStreamsProjection } from './member-streams/projection';
import { moderationLogProjection } from './moderation-log/projection';
import { notificationReadsProjection } from './notification-reads/projection';
import { reportsProjection } from './reports/projection';
import { savedStoriesProjection } from './saved-stories/projection';
import { seenStoriesProjection } from './seen-stories/projection';
import { sessionsProjection } from './sessions/projection';
import { storiesProjection } from './stories/projection';
import { storyFollowsProjection } from './story-follows/projection';
import { storySearchProjection } from './story-search/projection';
import { storyVotesProjection } from './story-votes/projection';
import { storyTimelineProjection } from './story-timeline/projection';
import { userSearchProjection } from './user-search/projection';
import { userStatsProjection } from './user-stats/projection';
import { usersProjection } from './users/projection';

/**
 * Every read model the app runs, in the order the runner starts them: the API's projection
 * runner, its /api/ready check and `npm run replay` all take them from here.
 */
export const readModels = [
  usersProjection,
  userSearchProjection,
  sessionsProjection,
  storiesProjection,
  storyVotesProjection,
  memberReactionsProjection,
  userStatsProjection,
  commentsProjection,
  moderationLogProjection,
  seenStoriesProjection,
  storyTimelineProjection,
  memberStreamsProjection,
  notificationReadsProjection,
  reportsProjection,
  memberNotesProjection,
  savedStoriesProjection,
  storyFollowsProjection,
  storySearchProjection,
  insightsProjection,
] as unknown as readonly AnyProjection[];
