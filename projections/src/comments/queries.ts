import { findByIds } from '../store/by-ids';
import type { Page, ReadModels } from '../store/port';
import {
  COMMENTS,
  COMMENT_DOCS,
  COMMENT_VOTE_DOCS,
  HELD_DOCS,
  SWEEP_DOCS,
  THREAD_DOCS,
  VERSION_DOCS,
  type CommentVersion,
  type ThreadDoc,
  type VersionsDoc,
  type CommentDoc,
  type HeldCommentDoc,
  commentVoteId,
  type CommentVoteDoc,
  type SweepDoc,
} from './docs';

/** At most this many of a member's held comments on one story are shown back to them. */
const HELD_SHOWN_TO_AUTHOR = 50;

/** Every read the API makes of the comments read model. */
export class CommentQueries {
  private readonly comments;
  private readonly votes;
  private readonly sweeps;
  private readonly held;
  private readonly threads;
  private readonly versions;

  constructor(models: ReadModels) {
    this.versions = models.collection<VersionsDoc>(COMMENTS, VERSION_DOCS);
    this.threads = models.collection<ThreadDoc>(COMMENTS, THREAD_DOCS);
    this.comments = models.collection<CommentDoc>(COMMENTS, COMMENT_DOCS);
    this.votes = models.collection<CommentVoteDoc>(COMMENTS, COMMENT_VOTE_DOCS);
    this.sweeps = models.collection<SweepDoc>(COMMENTS, SWEEP_DOCS);
    this.held = models.collection<HeldCommentDoc>(COMMENTS, HELD_DOCS);
  }

  /** Comments held by automod rules, longest waiting first, in cursor pages. */
  heldPage(request: { cursor?: string | undefined; limit: number }): Promise<Page<HeldCommentDoc>> {
    return this.held.find(
      {},
      {
        sort: [['heldAt', 1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }

  heldById(commentId: string): Promise<HeldCommentDoc | undefined> {
    return this.held.get(commentId);
  }

  /** The member's own held comments on a story: shown to them alone, awaiting review. */
  async heldOf(storyId: string, authorId: string): Promise<HeldCommentDoc[]> {
    const page = await this.held.find(
      { storyId, authorId },
      { sort: [['heldAt', 1]], limit: HELD_SHOWN_TO_AUTHOR },
    );
    return page.items;
  }

  heldCount(): Promise<number> {
    return this.held.count({});
  }

  /** Deleted stories whose comments are not all removed yet, a page at a time. */
  unfinishedSweeps(request: {
    cursor?: string | undefined;
    limit: number;
  }): Promise<Page<SweepDoc>> {
    return this.sweeps.find(
      {},
      { limit: request.limit, ...(request.cursor ? { after: request.cursor } : {}) },
    );
  }

  byId(commentId: string): Promise<CommentDoc | undefined> {
    return this.comments.get(commentId);
  }

  /** These comments by id, in one `$in` lookup (the comments a page of reports is about). */
  async byIds(commentIds: readonly string[]): Promise<Map<string, CommentDoc>> {
    const found = await findByIds(this.comments, commentIds);
    return new Map(found.map((comment) => [comment._id, comment]));
  }

  /** A story's comments as others see them (none an edit holds), oldest first, a page at a time. */
  shownOfStory(
    storyId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<CommentDoc>> {
    return this.comments.find(
      { storyId, heldEdit: { $ne: true } },
      {
        sort: [['createdAt', 1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }

  /** The earlier texts of these comments, oldest first, by comment id: one lookup by id. */
  async versionsOf(commentIds: readonly string[]): Promise<Map<string, CommentVersion[]>> {
    const docs = await findByIds(this.versions, commentIds);
    return new Map(
      docs.map((doc) => [
        doc._id,
        Object.entries(doc.texts)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, version]) => version),
      ]),
    );
  }

  /** A story's comments, oldest first, a page at a time. */
  ofStory(
    storyId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<CommentDoc>> {
    return this.comments.find(
      { storyId },
      {
        sort: [['createdAt', 1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }

  /** A story's comments after a moment (all without one), oldest first, at most `limit`. */
  after(storyId: string, after: string | undefined, limit: number): Promise<Page<CommentDoc>> {
    return this.comments.find(
      after === undefined ? { storyId } : { storyId, createdAt: { $gt: after } },
      { sort: [['createdAt', 1]], limit },
    );
  }

  /** Where these comments stand in their threads, deleted ones included: one lookup by id. */
  threadsOf(commentIds: readonly string[]): Promise<ThreadDoc[]> {
    return findByIds(this.threads, commentIds);
  }

  /** The newest replies to a member's comments, at most `limit` (their notifications). */
  async repliesTo(authorId: string, limit: number): Promise<CommentDoc[]> {
    const page = await this.comments.find(
      { parentAuthorId: authorId },
      { sort: [['createdAt', -1]], limit },
    );
    return page.items;
  }

  /** What one member voted on these comments, by comment id: one lookup by id. */
  async myVotesOn(commentIds: readonly string[], userId: string) {
    if (commentIds.length === 0) return new Map<string, CommentVoteDoc['vote']>();
    const commentOf = new Map(commentIds.map((id) => [commentVoteId(id, userId), id]));
    const page = await this.votes.find(
      { _id: { $in: [...commentOf.keys()] } },
      { limit: commentOf.size },
    );
    return new Map(page.items.map((vote) => [commentOf.get(vote._id)!, vote.vote]));
  }

  /** A member's comments, newest first, a page at a time (their profile). */
  byAuthor(
    authorId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<CommentDoc>> {
    return this.comments.find(
      { authorId },
      {
        sort: [['createdAt', -1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }

  /** How many comments are flagged (the admin summary). */
  flaggedCount(): Promise<number> {
    return this.comments.count({ flagged: true });
  }

  /** Flagged comments, most downvoted (net) first, in cursor pages. */
  flagged(request: { cursor?: string | undefined; limit: number }): Promise<Page<CommentDoc>> {
    return this.comments.find(
      { flagged: true },
      {
        sort: [['flagScore', -1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }
}
