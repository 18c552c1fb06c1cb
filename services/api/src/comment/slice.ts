import { defineSlice } from '#api/wiring/slice';
import { CommentReads } from './comment-reads';
import { CommentService } from './comment-service';
import { HeldComments } from './held-comments';
import { heldCommentRoutes } from './held-routes';
import { commentRejections } from './rejections';
import { commentRoutes } from './routes';

declare module '#api/wiring/slice' {
  interface SlicePorts {
    comments: CommentService;
    commentReads: CommentReads;
  }
}

/** Comments: post, vote, delete, keep; the held ones an admin approves or deletes. */
export const commentSlice = defineSlice({
  name: 'comment',
  rejections: { comment: commentRejections },
  services: ({ bus, queries }, ports) => ({
    comments: new CommentService({
      bus,
      comments: queries.comments,
      // The story slice decides whether a story is approved and what a comment quotes of it.
      approvedStory: (storyId) => ports.stories.approvedGuard(storyId),
      storySubject: (storyId) => ports.stories.subject(storyId),
      screen: async (content) => {
        const found = await ports.automod.screen('comment', content);
        return found && found.action !== 'mark' ? { ...found, action: found.action } : null;
      },
    }),
    commentReads: new CommentReads({
      comments: queries.comments,
      stories: queries.stories,
      users: queries.users,
      storyVotes: queries.storyVotes,
    }),
  }),
  edge: ({ bus, queries, limit }, ports) => ({
    routes(router) {
      commentRoutes(router, { comments: ports.comments, reads: ports.commentReads }, limit, (id) =>
        ports.bell.nudge(id),
      );
      heldCommentRoutes(
        router,
        new HeldComments({
          bus,
          comments: queries.comments,
          users: queries.users,
          matchedPhrase: (ruleId, text) => ports.automod.matchedPhrase(ruleId, text),
          approvedStory: (storyId) => ports.stories.approvedGuard(storyId),
        }),
      );
    },
  }),
});
