import type { Router } from 'express';
import {
  commentIdParamsSchema,
  deleteCommentRequestSchema,
  editCommentRequestSchema,
  keepCommentRequestSchema,
  postCommentRequestSchema,
  storyCommentsQuerySchema,
  voteCommentRequestSchema,
} from '@whosright/contracts/comment/dto';
import { storyIdParamsSchema } from '@whosright/contracts/story/dto';
import type { Comment } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';
import { pageQuerySchema } from '@whosright/contracts/shared/page';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import { actorOf, activeUser, adminUser, authOf, currentUser } from '#api/platform/auth';
import { toPage } from '#api/platform/page';
import type { CommentReads } from './comment-reads';
import type { CommentService } from './comment-service';
import { toFlaggedComment, toMyComment } from './comment-views';

/** A story's comments: list, post, vote and delete, plus the admin's delete and flagged list. */
/** `onPosted` is told of each comment posted (its author's open bells then watch its story). */
export function commentRoutes(
  router: Router,
  { comments, reads }: { comments: CommentService; reads: CommentReads },
  limit: WriteLimit,
  onPosted: (authorId: string) => void = () => undefined,
): void {
  // A plain array, as the product's API defines it, in pages: the next one is in the Link header.
  router.get('/stories/:id/comments', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    const query = storyCommentsQuerySchema.parse(req.query);
    const page = await reads.forStory(id, authOf(req).user, query);
    if (page.next) {
      const next = new URLSearchParams({ cursor: page.next, limit: String(query.limit) });
      res.setHeader('Link', `</api/stories/${id}/comments?${next.toString()}>; rel="next"`);
    }
    res.json(page.items);
  });

  router.post(
    '/stories/:id/comments',
    limit(rateLimitPolicies.commentsPerAccount),
    async (req, res) => {
      const { id } = storyIdParamsSchema.parse(req.params);
      const user = activeUser(req);
      const { content, parentId } = postCommentRequestSchema.parse(req.body);
      const posted = await comments.post(id, user, content, actorOf(req), parentId);
      onPosted(user._id);
      const body: Comment = await reads.asPosted(posted, user);
      res.status(201).json(body);
    },
  );

  // Its author edits it: answered as the story's list shows it to them now.
  router.patch('/comments/:id', limit(rateLimitPolicies.commentsPerAccount), async (req, res) => {
    const { id } = commentIdParamsSchema.parse(req.params);
    const user = activeUser(req);
    const { content } = editCommentRequestSchema.parse(req.body);
    const { held } = await comments.edit(id, user, content, actorOf(req));
    res.json(await reads.asPosted({ commentId: id, held }, user));
  });

  /** A comment's counts after the member's vote, and what the member's vote now is. */
  const votedCounts = async (id: string, myVote: CommentVoteChoice | null) => {
    const { upvotes, downvotes } = await reads.get(id);
    return { id, upvotes, downvotes, myVote };
  };

  router.post(
    '/comments/:id/vote',
    limit(rateLimitPolicies.commentVotesPerAccount),
    async (req, res) => {
      const { id } = commentIdParamsSchema.parse(req.params);
      const user = activeUser(req);
      const { vote } = voteCommentRequestSchema.parse(req.body);
      await comments.vote(id, user, vote, actorOf(req));
      res.json(await votedCounts(id, vote));
    },
  );

  // A second click on one's vote takes it back: the comment is neutral for the member again.
  router.delete(
    '/comments/:id/vote',
    limit(rateLimitPolicies.commentVotesPerAccount),
    async (req, res) => {
      const { id } = commentIdParamsSchema.parse(req.params);
      const user = activeUser(req);
      await comments.vote(id, user, null, actorOf(req));
      res.json(await votedCounts(id, null));
    },
  );

  router.delete('/comments/:id', limit(rateLimitPolicies.deletionsPerAccount), async (req, res) => {
    const { id } = commentIdParamsSchema.parse(req.params);
    const user = activeUser(req);
    await comments.delete(id, user, user.role === 'admin', actorOf(req));
    res.status(204).end();
  });

  router.get('/users/comments', async (req, res) => {
    const user = currentUser(req);
    const query = pageQuerySchema.parse(req.query);
    res.json(toPage(await reads.byAuthor(user._id, query), toMyComment));
  });

  router.delete('/admin/comments/:id', async (req, res) => {
    const { id } = commentIdParamsSchema.parse(req.params);
    const admin = adminUser(req);
    const { reason } = deleteCommentRequestSchema.parse(req.body);
    await comments.delete(id, admin, true, actorOf(req), reason);
    res.status(204).end();
  });

  router.patch('/admin/comments/:id/keep', async (req, res) => {
    const { id } = commentIdParamsSchema.parse(req.params);
    const admin = adminUser(req);
    const { reason } = keepCommentRequestSchema.parse(req.body);
    await comments.keep(id, admin, actorOf(req), reason);
    res.status(204).end();
  });

  router.get('/admin/flagged-comments', async (req, res) => {
    adminUser(req);
    const { page, authors, versions } = await reads.flagged(pageQuerySchema.parse(req.query));
    res.json(
      toPage(page, (item) =>
        toFlaggedComment(
          item,
          authors.get(item.comment.authorId) ?? null,
          versions.get(item.comment._id),
        ),
      ),
    );
  });
}
