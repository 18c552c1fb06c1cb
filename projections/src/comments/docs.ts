import type { CommentVoteChoice } from '@whosright/contracts/comment/events';
import type { Doc } from '../store/port';

export const COMMENTS = 'comments';
export const COMMENT_DOCS = 'comments';
export const COMMENT_VOTE_DOCS = 'votes';
/** Deleted stories whose comments are not all removed yet (see CommentService.resumeSweeps). */
export const SWEEP_DOCS = 'sweeps';
/** Comments an automod rule held, until an admin approves or deletes them. */
export const HELD_DOCS = 'held';
/**
 * Where each posted comment stands in its thread, kept after it is deleted (no text, no author):
 * a deleted comment that replies answer is shown as "[deleted]" in its place.
 */
export const THREAD_DOCS = 'threads';

/** The texts a comment had before its edits, by comment id; gone with the comment. */
export const VERSION_DOCS = 'versions';

/** One earlier text: what it said, and when an edit replaced it. */
export interface CommentVersion {
  content: string;
  until: string;
}

export interface VersionsDoc extends Doc {
  /** Keyed by the replacing edit's log position: their order is the keys' numeric order. */
  texts: Record<string, CommentVersion>;
}

export interface ThreadDoc extends Doc {
  storyId: string;
  createdAt: string;
  parentId?: string;
  /** Replies that answer it directly and are not deleted. */
  replies?: number;
  deleted?: boolean;
}

export interface HeldCommentDoc extends Doc {
  storyId: string;
  authorId: string;
  content: string;
  heldAt: string;
  parentId?: string;
  ruleId: string;
  ruleName: string;
}

export interface SweepDoc extends Doc {
  /** Who deleted the story: the comments' deletions are theirs too. */
  deletedBy: string;
}

export interface CommentDoc extends Doc {
  storyId: string;
  authorId: string;
  content: string;
  createdAt: string;
  upvotes: number;
  downvotes: number;
  /** The comment it answers, and its author (absent: a comment on the story). */
  parentId?: string;
  parentAuthorId?: string;
  /** Replies that answer it directly (absent: none yet). */
  replyCount?: number;
  /** When its author last edited it. */
  editedAt?: string;
  /** An edit's text is held by an automod rule: nobody but its author sees it until approved. */
  heldEdit?: boolean;
  /** The downvotes it had when an admin last kept it (absent: never kept). */
  keptDownvotes?: number;
  /** The automod rule that flagged it as it was posted, until an admin keeps it. */
  automodRule?: string;
  /**
   * Derived: flagged by an automod rule and not kept since, or at least 3 downvotes, more down
   * than up, and more down than when last kept.
   */
  flagged: boolean;
  flagScore: number;
  /** When its last vote was cast (absent: never voted on). */
  lastVotedAt?: string;
  /** Derived: when it first reached the score its author is told about. */
  topAt?: string;
}

/** One member's vote on one comment; its id is `commentVoteId(commentId, userId)`. */
export interface CommentVoteDoc extends Doc {
  vote: CommentVoteChoice;
}

export const commentVoteId = (commentId: string, userId: string) => `${commentId}:${userId}`;
