import type { Page, ReadModels } from '../store/port';
import {
  COMMENTS,
  COMMENT_DOCS,
  COMMENT_VOTE_DOCS,
  type CommentDoc,
  type CommentVoteDoc,
} from './docs';

/** Every read the API makes of the comments read model. */
export class CommentQueries {
  private readonly comments;
  private readonly votes;

  constructor(models: ReadModels) {
    this.comments = models.collection<CommentDoc>(COMMENTS, COMMENT_DOCS);
    this.votes = models.collection<CommentVoteDoc>(COMMENTS, COMMENT_VOTE_DOCS);
  }

  byId(commentId: string): Promise<CommentDoc | undefined> {
    return this.comments.get(commentId);
  }

  /** A story's comments, oldest first. */
  async ofStory(storyId: string, limit: number): Promise<CommentDoc[]> {
    return (await this.comments.find({ storyId }, { sort: [['createdAt', 1]], limit })).items;
  }

  /** What one member voted on a story's comments, by comment id. */
  async myVotesOnStory(storyId: string, userId: string, limit: number) {
    const page = await this.votes.find({ storyId, userId }, { limit });
    return new Map(page.items.map((vote) => [vote.commentId, vote.vote]));
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
