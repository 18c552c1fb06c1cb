import type {
  CommentEvent,
  CommentVoteChoice,
  CommentVoteEvent,
} from '@whosright/contracts/comment/events';
import { reasonField } from '@whosright/contracts/moderation/reason';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import { CommandRejected } from '#api/write/rejection';

/** Comments (`comment-{id}`) and one user's vote on one comment (`commentVote-{commentId}-{userId}`). */

export type CommentRejection =
  'already_posted' | 'not_found' | 'not_author_or_admin' | 'own_comment' | 'story_not_found';

export class CommentCommandRejected extends CommandRejected<CommentRejection> {
  constructor(reason: CommentRejection) {
    super('comment', reason);
  }
}

export interface CommentState {
  exists: boolean;
  deleted: boolean;
  authorId: string | null;
  storyId: string | null;
}

/** What posting a comment needs of its story. */
export interface CommentedStory {
  approved: boolean;
  category: StoryCategory;
  content: string;
}

export type CommentCommand =
  | {
      type: 'PostComment';
      commentId: string;
      storyId: string;
      authorId: string;
      content: string;
      /** The story as it stands (null: it does not exist); only an approved one takes comments. */
      story: CommentedStory | null;
    }
  | {
      type: 'DeleteComment';
      commentId: string;
      userId: string;
      byAdmin: boolean;
      /** An admin's reason, if they gave one. */
      reason?: string | null;
    }
  | {
      /** An admin keeps a flagged comment: the flag goes, the comment stays. */
      type: 'KeepComment';
      commentId: string;
      adminId: string;
      /** As the comments read model shows it now: whether it is flagged, with how many downvotes. */
      flag: { flagged: boolean; downvotes: number };
      reason?: string | null;
    }
  | {
      /** Its story was deleted by `deletedBy`: an admin, or the story's author (checked there). */
      type: 'DeleteWithStory';
      commentId: string;
      storyId: string;
      deletedBy: string;
      byAdmin: boolean;
    };

export const comment = {
  initialState: (): CommentState => ({
    exists: false,
    deleted: false,
    authorId: null,
    storyId: null,
  }),
  evolve(state: CommentState, event: CommentEvent): CommentState {
    switch (event.type) {
      case 'CommentPosted':
        return {
          ...state,
          exists: true,
          authorId: event.data.authorId,
          storyId: event.data.storyId,
        };
      case 'CommentDeleted':
        return { ...state, deleted: true };
      case 'CommentKept':
        return state;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  decide(command: CommentCommand, state: CommentState): CommentEvent[] {
    switch (command.type) {
      case 'PostComment': {
        if (state.exists) throw new CommentCommandRejected('already_posted');
        if (!command.story?.approved) throw new CommentCommandRejected('story_not_found');
        const { commentId, storyId, authorId, content } = command;
        const story = { category: command.story.category, content: command.story.content };
        return [{ type: 'CommentPosted', data: { commentId, storyId, authorId, content, story } }];
      }
      case 'DeleteComment':
        if (!state.exists || state.deleted) throw new CommentCommandRejected('not_found');
        if (!command.byAdmin && command.userId !== state.authorId)
          throw new CommentCommandRejected('not_author_or_admin');
        return [
          {
            type: 'CommentDeleted',
            data: {
              commentId: command.commentId,
              storyId: state.storyId!,
              authorId: state.authorId!,
              deletedBy: command.userId,
              byAdmin: command.byAdmin,
              ...reasonField(command.reason),
            },
          },
        ];
      case 'KeepComment':
        if (!state.exists || state.deleted) throw new CommentCommandRejected('not_found');
        // Keeping a comment nobody flags (or kept a moment ago) changes nothing.
        if (!command.flag.flagged) return [];
        return [
          {
            type: 'CommentKept',
            data: {
              commentId: command.commentId,
              storyId: state.storyId!,
              authorId: state.authorId!,
              keptBy: command.adminId,
              downvotes: command.flag.downvotes,
              ...reasonField(command.reason),
            },
          },
        ];
      case 'DeleteWithStory':
        if (!state.exists || state.deleted || state.storyId !== command.storyId)
          throw new CommentCommandRejected('not_found');
        return [
          {
            type: 'CommentDeleted',
            data: {
              commentId: command.commentId,
              storyId: command.storyId,
              authorId: state.authorId!,
              deletedBy: command.deletedBy,
              byAdmin: command.byAdmin,
              withStory: true,
            },
          },
        ];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};

/** Voting needs a live comment that is not the voter's own. */
function requireVotable(state: CommentState, userId: string): void {
  if (!state.exists || state.deleted) throw new CommentCommandRejected('not_found');
  if (state.authorId === userId) throw new CommentCommandRejected('own_comment');
}

export interface CommentVoteState {
  vote: CommentVoteChoice | null;
}

export type CommentVoteCommand =
  | {
      type: 'VoteComment';
      commentId: string;
      userId: string;
      vote: CommentVoteChoice;
      /** The comment as it stands. */
      comment: CommentState;
    }
  | {
      /** Back to neutral: the voter takes their vote back. */
      type: 'WithdrawCommentVote';
      commentId: string;
      userId: string;
      comment: CommentState;
    };

export const commentVote = {
  initialState: (): CommentVoteState => ({ vote: null }),
  evolve(_state: CommentVoteState, event: CommentVoteEvent): CommentVoteState {
    switch (event.type) {
      case 'CommentVoteCast':
        return { vote: event.data.vote };
      case 'CommentVoteWithdrawn':
        return { vote: null };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  /**
   * Voting the other way switches the vote; the same way again changes nothing; withdrawing
   * takes it back (nothing to withdraw changes nothing).
   */
  decide(command: CommentVoteCommand, state: CommentVoteState): CommentVoteEvent[] {
    requireVotable(command.comment, command.userId);
    switch (command.type) {
      case 'VoteComment':
        return castVote(command, state);
      case 'WithdrawCommentVote':
        if (state.vote === null) return [];
        return [
          {
            type: 'CommentVoteWithdrawn',
            data: {
              commentId: command.commentId,
              storyId: command.comment.storyId!,
              userId: command.userId,
              previous: state.vote,
            },
          },
        ];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};

function castVote(
  command: Extract<CommentVoteCommand, { type: 'VoteComment' }>,
  state: CommentVoteState,
): CommentVoteEvent[] {
  if (state.vote === command.vote) return [];
  return [
    {
      type: 'CommentVoteCast',
      data: {
        commentId: command.commentId,
        storyId: command.comment.storyId!,
        userId: command.userId,
        vote: command.vote,
        previous: state.vote,
      },
    },
  ];
}
