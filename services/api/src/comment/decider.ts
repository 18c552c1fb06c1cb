import type {
  CommentEvent,
  CommentVoteChoice,
  CommentVoteEvent,
} from '@whosright/contracts/comment/events';
import type { StoryCategory } from '@whosright/contracts/shared/categories';

/** Comments (`comment-{id}`) and one user's vote on one comment (`commentVote-{commentId}-{userId}`). */

export type CommentRejection =
  'already_posted' | 'not_found' | 'not_author_or_admin' | 'own_comment';

export class CommentCommandRejected extends Error {
  constructor(readonly reason: CommentRejection) {
    super(reason);
    this.name = 'CommentCommandRejected';
  }
}

export interface CommentState {
  exists: boolean;
  deleted: boolean;
  authorId: string | null;
  storyId: string | null;
}

export type CommentCommand =
  | {
      type: 'PostComment';
      commentId: string;
      storyId: string;
      authorId: string;
      content: string;
      story: { category: StoryCategory; content: string };
    }
  | { type: 'DeleteComment'; commentId: string; userId: string; byAdmin: boolean };

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
        const { type: _type, ...data } = command;
        return [{ type: 'CommentPosted', data }];
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

/** Guard for voting: the comment must be live and not the voter's own. */
export function requireVotable(state: CommentState, userId: string): void {
  if (!state.exists || state.deleted) throw new CommentCommandRejected('not_found');
  if (state.authorId === userId) throw new CommentCommandRejected('own_comment');
}

export interface CommentVoteState {
  vote: CommentVoteChoice | null;
}

export interface VoteComment {
  type: 'VoteComment';
  commentId: string;
  storyId: string;
  userId: string;
  vote: CommentVoteChoice;
}

export const commentVote = {
  initialState: (): CommentVoteState => ({ vote: null }),
  evolve: (_state: CommentVoteState, event: CommentVoteEvent): CommentVoteState => ({
    vote: event.data.vote,
  }),
  /** Voting the other way switches the vote; the same way again changes nothing. */
  decide(command: VoteComment, state: CommentVoteState): CommentVoteEvent[] {
    if (state.vote === command.vote) return [];
    return [
      {
        type: 'CommentVoteCast',
        data: {
          commentId: command.commentId,
          storyId: command.storyId,
          userId: command.userId,
          vote: command.vote,
          previous: state.vote,
        },
      },
    ];
  },
};
