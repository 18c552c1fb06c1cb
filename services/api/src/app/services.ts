import type { CommentQueries } from '@whosright/projections/comments/queries';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import type { MemberReactionQueries } from '@whosright/projections/member-reactions/queries';
import type { UserQueries } from '@whosright/projections/users/queries';
import { AccountService, type AccountServiceDeps } from '#api/account/account-service';
import { AutomodRules } from '#api/automod/automod-rules';
import { CommentReads } from '#api/comment/comment-reads';
import { CommentService } from '#api/comment/comment-service';
import { StoryService } from '#api/story/story-service';
import type { CommandBus } from '#api/write/command-bus';

export interface WriteServicesDeps extends Omit<AccountServiceDeps, 'bus' | 'users'> {
  queries: {
    users: UserQueries;
    comments: CommentQueries;
    stories: StoryQueries;
    storyVotes: StoryVoteQueries;
    memberReactions: MemberReactionQueries;
  };
}

/**
 * The slices' services over `bus`: the requests' bus, which waits for the read models a request
 * reads back, or the demo seed's, which waits for none. Stories and comments know each other
 * only through what is handed here: the story slice's guard and facts for a comment, the comment
 * sweep for a deleted story.
 */
export function writeServicesOver(bus: CommandBus, { queries, ...account }: WriteServicesDeps) {
  const accounts = new AccountService({ ...account, bus, users: queries.users });
  const automod = new AutomodRules(bus);
  const comments: CommentService = new CommentService({
    bus,
    comments: queries.comments,
    // The story slice decides whether a story is approved; `stories` exists before any write.
    approvedStory: (storyId) => stories.approvedGuard(storyId),
    storySubject: (storyId) => stories.subject(storyId),
    screen: async (content) => {
      const found = await automod.screen('comment', content);
      return found && found.action !== 'mark' ? { ...found, action: found.action } : null;
    },
  });
  const stories: StoryService = new StoryService({
    bus,
    stories: queries.stories,
    votes: queries.storyVotes,
    reactions: queries.memberReactions,
    onDeleted: (storyId, deletion, actor) => comments.deleteAllOfStory(storyId, deletion, actor),
    screen: async (content) => {
      const found = await automod.screen('story', content);
      return found ? { ruleId: found.ruleId, ruleName: found.ruleName } : null;
    },
  });
  const commentReads = new CommentReads({
    comments: queries.comments,
    stories: queries.stories,
    users: queries.users,
    storyVotes: queries.storyVotes,
  });
  return { accounts, comments, commentReads, stories, automod };
}
