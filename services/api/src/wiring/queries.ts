import { CommentQueries } from '@whosright/projections/comments/queries';
import { InsightsQueries } from '@whosright/projections/insights/queries';
import { MemberStreamQueries } from '@whosright/projections/member-streams/queries';
import { MemberNoteQueries } from '@whosright/projections/member-notes/queries';
import { ModerationLogQueries } from '@whosright/projections/moderation-log/queries';
import { SessionQueries } from '@whosright/projections/sessions/queries';
import { SeenStoryQueries } from '@whosright/projections/seen-stories/queries';
import { StoryQueries } from '@whosright/projections/stories/queries';
import { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import { MemberReactionQueries } from '@whosright/projections/member-reactions/queries';
import { NotificationReadQueries } from '@whosright/projections/notification-reads/queries';
import { ReportQueries } from '@whosright/projections/reports/queries';
import { SavedStoryQueries } from '@whosright/projections/saved-stories/queries';
import { StoryFollowQueries } from '@whosright/projections/story-follows/queries';
import { StorySearchQueries } from '@whosright/projections/story-search/queries';
import { StoryTimelineQueries } from '@whosright/projections/story-timeline/queries';
import { UserSearchQueries } from '@whosright/projections/user-search/queries';
import { UserStatsQueries } from '@whosright/projections/user-stats/queries';
import { UserQueries } from '@whosright/projections/users/queries';
import type { ReadModels } from '@whosright/projections/store/port';

/** The read side as the slices ask it: one query object per read model. */
export function queriesOf(models: ReadModels) {
  return {
    users: new UserQueries(models),
    userSearch: new UserSearchQueries(models),
    sessions: new SessionQueries(models),
    stories: new StoryQueries(models),
    storyVotes: new StoryVoteQueries(models),
    memberReactions: new MemberReactionQueries(models),
    userStats: new UserStatsQueries(models),
    comments: new CommentQueries(models),
    moderationLog: new ModerationLogQueries(models),
    seenStories: new SeenStoryQueries(models),
    storyTimeline: new StoryTimelineQueries(models),
    memberStreams: new MemberStreamQueries(models),
    notificationReads: new NotificationReadQueries(models),
    reports: new ReportQueries(models),
    memberNotes: new MemberNoteQueries(models),
    savedStories: new SavedStoryQueries(models),
    storyFollows: new StoryFollowQueries(models),
    storySearch: new StorySearchQueries(models),
    insights: new InsightsQueries(models),
  };
}
export type Queries = ReturnType<typeof queriesOf>;
