import type { AnyProjection } from './runner/projection';
import { commentsProjection } from './comments/comments-projection';
import { sessionsProjection } from './sessions/sessions-projection';
import { storiesProjection } from './stories/stories-projection';
import { storyVotesProjection } from './story-votes/story-votes-projection';
import { userStatsProjection } from './user-stats/user-stats-projection';
import { usersProjection } from './users/users-projection';

/** Every read model the API serves, in the order the runner starts them. */
export const readModels = [
  usersProjection,
  sessionsProjection,
  storiesProjection,
  storyVotesProjection,
  userStatsProjection,
  commentsProjection,
] as unknown as readonly AnyProjection[];
