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
  | 'already_posted'
  | 'not_found'
  | 'not_author_or_admin'
  | 'own_comment'
  | 'story_not_found'
  | 'not_held'
  | 'parent_not_found'
  | 'not_author';

export class CommentCommandRejected extends CommandRejected<CommentRejection> {
  constructor(reason: CommentRejection) {
    super('comment', reason);
  }
}

export interface CommentState {
  /** Posted: shown, and open to votes and deletion. A held comment is not, until approved. */
  exists: boolean;
  deleted: boolean;
  authorId: string | null;
  storyId: string | null;
  /** The comment it answers, when it is a reply. */
  parentId: string | null;
  /** Its text now (an edit replaces it). */
  content: string | null;
  /**
   * Held by an automod rule and not yet approved or deleted: what approving posts (for a posted
   * comment an edit held again, approving shows its new text).
   */
  held:
    | (Pick<
        Extract<CommentEvent, { type: 'CommentHeld' }>['data'],
        'commentId' | 'storyId' | 'authorId' | 'content' | 'heldBy'
      > &
        Partial<Extract<CommentEvent, { type: 'CommentHeld' }>['data']>)
    | null;
}

/** What an automod rule does with a comment as it is posted: holds it, or flags it. */
export interface CommentScreening {
  ruleId: string;
  ruleName: string;
  action: 'hold' | 'flag';
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
      /** The automod rule the text matched, if any. */
      screening?: CommentScreening | null;
      /** The comment it answers and its author (checked on its own stream by `AcceptReply`). */
      parent?: { commentId: string; authorId: string } | null;
    }
  | {
      /**
       * A reply is written to this comment: it must be posted (not held, not deleted) on the same
       * story. Appends nothing; its revision joins the reply's append, so a deletion meanwhile
       * refuses the reply.
       */
      type: 'AcceptReply';
      commentId: string;
      storyId: string;
    }
  | { type: 'ApproveHeldComment'; commentId: string; adminId: string }
  | { type: 'DeleteHeldComment'; commentId: string; adminId: string; reason: string | null }
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
      /** Its author changes its text; the rule the new text matched, if any. */
      type: 'EditComment';
      commentId: string;
      userId: string;
      content: string;
      screening?: CommentScreening | null;
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
    parentId: null,
    content: null,
    held: null,
  }),
  evolve(state: CommentState, event: CommentEvent): CommentState {
    switch (event.type) {
      case 'CommentPosted':
        return {
          ...state,
          exists: true,
          authorId: event.data.authorId,
          storyId: event.data.storyId,
          parentId: event.data.parentId ?? null,
          content: event.data.content,
          held: null,
        };
      case 'CommentHeld':
        return {
          ...state,
          authorId: event.data.authorId,
          storyId: event.data.storyId,
          parentId: event.data.parentId ?? null,
          content: event.data.content,
          held: event.data,
        };
      case 'CommentEdited': {
        const { commentId, storyId, authorId, content, heldBy } = event.data;
        return {
          ...state,
          content,
          held: heldBy ? { commentId, storyId, authorId, content, heldBy } : null,
        };
      }
      case 'HeldCommentDeleted':
        return { ...state, held: null, deleted: true };
      case 'CommentDeleted':
        return { ...state, held: null, deleted: true };
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
      case 'PostComment':
        return postComment(command, state);
      case 'AcceptReply':
        return acceptReply(command, state);
      case 'EditComment':
        return editComment(command, state);
      case 'DeleteComment':
        return deleteComment(command, state);
      case 'KeepComment':
        return keepComment(command, state);
      case 'DeleteWithStory':
        return deleteWithStory(command, state);
      case 'ApproveHeldComment':
        return approveHeld(command, state);
      case 'DeleteHeldComment':
        return deleteHeld(command, state);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};

type CommentCommandOf<T extends CommentCommand['type']> = Extract<CommentCommand, { type: T }>;

/**
 * A comment that was posted, is not deleted and not held again by an edit: the only one that can
 * be deleted, kept, edited or answered.
 */
function requireLive(state: CommentState): asserts state is CommentState & {
  authorId: string;
  storyId: string;
} {
  if (!state.exists || state.deleted || state.held) throw new CommentCommandRejected('not_found');
}

/** Only an approved story takes comments; the story's category and excerpt travel along. */
function postComment(
  command: CommentCommandOf<'PostComment'>,
  state: CommentState,
): CommentEvent[] {
  if (state.exists || state.held || state.deleted)
    throw new CommentCommandRejected('already_posted');
  if (!command.story?.approved) throw new CommentCommandRejected('story_not_found');
  const { commentId, storyId, authorId, content, screening, parent } = command;
  const story = { category: command.story.category, content: command.story.content };
  const data = {
    commentId,
    storyId,
    authorId,
    content,
    story,
    ...(parent ? { parentId: parent.commentId, parentAuthorId: parent.authorId } : {}),
  };
  if (!screening) return [{ type: 'CommentPosted', data }];
  const match = { ruleId: screening.ruleId, ruleName: screening.ruleName };
  return screening.action === 'hold'
    ? [{ type: 'CommentHeld', data: { ...data, heldBy: match } }]
    : [{ type: 'CommentPosted', data: { ...data, flaggedBy: match } }];
}

/** Only a posted, live comment of the same story takes replies. */
function acceptReply(
  command: CommentCommandOf<'AcceptReply'>,
  state: CommentState,
): CommentEvent[] {
  if (!state.exists || state.deleted || state.held || state.storyId !== command.storyId)
    throw new CommentCommandRejected('parent_not_found');
  return [];
}

/**
 * Its author edits a live comment; the same text again changes nothing. A rule the new text
 * matches flags it, or holds it again until an admin approves the edit.
 */
function editComment(
  command: CommentCommandOf<'EditComment'>,
  state: CommentState,
): CommentEvent[] {
  requireLive(state);
  if (command.userId !== state.authorId) throw new CommentCommandRejected('not_author');
  if (command.content === state.content) return [];
  const { commentId, content, screening } = command;
  const match = screening ? { ruleId: screening.ruleId, ruleName: screening.ruleName } : null;
  const data = {
    commentId,
    storyId: state.storyId,
    authorId: state.authorId,
    content,
    previous: state.content ?? '',
    ...parentField(state),
    ...(match ? { [screening?.action === 'hold' ? 'heldBy' : 'flaggedBy']: match } : {}),
  };
  return [{ type: 'CommentEdited', data }];
}

/** An admin approves a held comment: it is posted as it was written, for everyone to see. */
function approveHeld(
  command: CommentCommandOf<'ApproveHeldComment'>,
  state: CommentState,
): CommentEvent[] {
  if (!state.held) throw new CommentCommandRejected('not_held');
  if (state.exists) {
    const { commentId, storyId, authorId, content } = state.held;
    const approved = { commentId, storyId, authorId, content, previous: content };
    return [{ type: 'CommentEdited', data: { ...approved, approvedBy: command.adminId } }];
  }
  const { heldBy: _heldBy, story, ...written } = state.held;
  if (!story) throw new CommentCommandRejected('not_held');
  const data = { ...written, story, approvedBy: command.adminId };
  return [{ type: 'CommentPosted', data }];
}

/** An admin deletes a held comment: nobody but its author ever saw it. */
function deleteHeld(
  command: CommentCommandOf<'DeleteHeldComment'>,
  state: CommentState,
): CommentEvent[] {
  if (!state.held) throw new CommentCommandRejected('not_held');
  const { commentId, storyId, authorId } = state.held;
  const data = {
    commentId,
    storyId,
    authorId,
    deletedBy: command.adminId,
    ...reasonField(command.reason),
  };
  if (state.exists) return [postedOneDeleted(data, true, state)];
  return [{ type: 'HeldCommentDeleted', data }];
}

/**
 * A comment that was posted and that an edit held again is deleted as a posted one: it leaves
 * the story's count, its author's and its parent's too.
 */
function postedOneDeleted(
  data: {
    commentId: string;
    storyId: string;
    authorId: string;
    deletedBy: string;
    reason?: string;
  },
  byAdmin: boolean,
  state: CommentState,
): CommentEvent {
  return { type: 'CommentDeleted', data: { ...data, byAdmin, ...parentField(state) } };
}

/**
 * Its author or an admin deletes a comment. Its author may also withdraw it while it is held
 * (their account's deletion does so too): nothing of it is left to approve.
 */
function deleteComment(
  command: CommentCommandOf<'DeleteComment'>,
  state: CommentState,
): CommentEvent[] {
  if (state.held && !command.byAdmin) return withdrawHeld(command.userId, state);
  requireLive(state);
  if (!command.byAdmin && command.userId !== state.authorId)
    throw new CommentCommandRejected('not_author_or_admin');
  const { commentId, userId, byAdmin, reason } = command;
  const { storyId, authorId } = state;
  const data = {
    commentId,
    storyId,
    authorId,
    deletedBy: userId,
    byAdmin,
    ...reasonField(reason),
    ...parentField(state),
  };
  return [{ type: 'CommentDeleted', data }];
}

function withdrawHeld(userId: string, state: CommentState): CommentEvent[] {
  const held = state.held!;
  if (userId !== held.authorId) throw new CommentCommandRejected('not_author_or_admin');
  const { commentId, storyId, authorId } = held;
  const data = { commentId, storyId, authorId, deletedBy: userId };
  if (state.exists) return [postedOneDeleted(data, false, state)];
  return [{ type: 'HeldCommentDeleted', data }];
}

/** Keeping a comment nobody flags (or kept a moment ago) changes nothing. */
function keepComment(
  command: CommentCommandOf<'KeepComment'>,
  state: CommentState,
): CommentEvent[] {
  requireLive(state);
  if (!command.flag.flagged) return [];
  const { commentId, adminId, flag, reason } = command;
  const { storyId, authorId } = state;
  const data = {
    commentId,
    storyId,
    authorId,
    keptBy: adminId,
    downvotes: flag.downvotes,
    ...reasonField(reason),
  };
  return [{ type: 'CommentKept', data }];
}

/** A comment goes with its story only when it belongs to that story. */
function deleteWithStory(
  command: CommentCommandOf<'DeleteWithStory'>,
  state: CommentState,
): CommentEvent[] {
  // A posted comment an edit held again goes with its story too.
  if (!state.exists || state.deleted || !state.authorId || state.storyId !== command.storyId)
    throw new CommentCommandRejected('not_found');
  const { commentId, storyId, deletedBy, byAdmin } = command;
  const data = {
    commentId,
    storyId,
    authorId: state.authorId,
    deletedBy,
    byAdmin,
    withStory: true as const,
    ...parentField(state),
  };
  return [{ type: 'CommentDeleted', data }];
}

/** A deleted reply names the comment it answered, whose reply count falls. */
const parentField = (state: CommentState) => (state.parentId ? { parentId: state.parentId } : {});

/** Voting needs a live comment (not held again by an edit) that is not the voter's own. */
function requireVotable(state: CommentState, userId: string): void {
  if (!state.exists || state.deleted || state.held) throw new CommentCommandRejected('not_found');
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
        if (state.vote === command.vote) return [];
        return [
          { type: 'CommentVoteCast', data: { ...voteOn(command, state), vote: command.vote } },
        ];
      case 'WithdrawCommentVote':
        if (state.vote === null) return [];
        return [
          {
            type: 'CommentVoteWithdrawn',
            data: { ...voteOn(command, state), previous: state.vote },
          },
        ];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};

/** What every vote event says: whose vote on which comment, and the vote it replaces. */
function voteOn(command: CommentVoteCommand, state: CommentVoteState) {
  return {
    commentId: command.commentId,
    storyId: command.comment.storyId!,
    userId: command.userId,
    previous: state.vote,
  };
}
