import type { AutomodMatch } from '@whosright/contracts/automod/events';
import type {
  StoryActivityEvent,
  StoryAddressEvent,
  StoryEvent,
  StoryReactionEvent,
  StoryStatus,
  StoryVoteEvent,
  ReactionType,
  TrackAction,
  VoteChoice,
} from '@whosright/contracts/story/events';
import { givenReason, reasonField } from '@whosright/contracts/moderation/reason';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import { CommandRejected } from '#api/write/rejection';

/**
 * Stories and what people do with them, as pure deciders. The story itself lives in
 * `story-{id}`; a user's vote, a visitor's activity and a user's reactions each live in their
 * own small stream, so concurrent voters never contend on the story stream.
 */

export type StoryRejection =
  | 'already_submitted'
  | 'not_found'
  | 'not_approved'
  | 'not_author_or_admin'
  | 'not_author'
  | 'not_rejected'
  | 'was_published'
  | 'already_voted'
  | 'counted_from_address';

export class StoryCommandRejected extends CommandRejected<StoryRejection> {
  constructor(reason: StoryRejection) {
    super('story', reason);
  }
}

// ---- story-{id} ----

export interface StoryState {
  exists: boolean;
  deleted: boolean;
  /** Who deleted the story: an admin, or (not `byAdmin`) its author. */
  deletion: { by: string; byAdmin: boolean } | null;
  commentsRemoved: boolean;
  authorId: string | null;
  status: StoryStatus;
  /** How many versions of the text there are: 1 once submitted, one more per resubmission. */
  revision: number;
  /** It was approved once: readers voted, reacted and commented on its text. */
  published: boolean;
  /** Its category and latest text: what a comment on it quotes. */
  category: StoryCategory | null;
  content: string;
}

/** What a comment on a story needs of it: whether it takes comments, and what it is about. */
export interface StorySubject {
  approved: boolean;
  authorId: string;
  category: StoryCategory;
  content: string;
}

/**
 * The story as a comment's or a follow's decision sees it (null: there is no such story, or it
 * was deleted).
 */
export function subjectOf(state: StoryState): StorySubject | null {
  if (!state.exists || state.deleted || !state.category || !state.authorId) return null;
  return {
    approved: state.status === 'approved',
    authorId: state.authorId,
    category: state.category,
    content: state.content,
  };
}

export const story = {
  initialState(): StoryState {
    return {
      exists: false,
      deleted: false,
      deletion: null,
      commentsRemoved: false,
      authorId: null,
      status: 'pending',
      revision: 0,
      published: false,
      category: null,
      content: '',
    };
  },

  evolve(state: StoryState, event: StoryEvent): StoryState {
    switch (event.type) {
      case 'StorySubmitted':
        return {
          ...state,
          exists: true,
          authorId: event.data.authorId,
          status: 'pending',
          revision: 1,
          category: event.data.category,
          content: event.data.content,
        };
      case 'StoryResubmitted':
        return {
          ...state,
          status: 'pending',
          revision: event.data.revision,
          category: event.data.category,
          content: event.data.content,
        };
      case 'StoryModerated':
        return {
          ...state,
          status: event.data.to,
          published: state.published || event.data.to === 'approved',
        };
      case 'StoryDeleted':
        return {
          ...state,
          deleted: true,
          deletion: { by: event.data.deletedBy, byAdmin: event.data.byAdmin },
        };
      case 'StoryCommentsRemoved':
        return { ...state, commentsRemoved: true };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },

  decide(command: StoryCommand, state: StoryState): StoryEvent[] {
    switch (command.type) {
      case 'SubmitStory':
        if (state.exists) throw new StoryCommandRejected('already_submitted');
        return [
          {
            type: 'StorySubmitted',
            data: {
              storyId: command.storyId,
              authorId: command.authorId,
              content: command.content,
              category: command.category,
              ...automodField(command.automod),
            },
          },
        ];
      case 'ResubmitStory':
        return decideResubmit(command, state);
      case 'ModerateStory':
        requireLive(state);
        if (state.status === command.to) return [];
        return [
          {
            type: 'StoryModerated',
            data: {
              storyId: command.storyId,
              moderatorId: command.moderatorId,
              from: state.status,
              to: command.to,
              reason: givenReason(command.reason),
            },
          },
        ];
      case 'DeleteStory':
        requireLive(state);
        if (!command.byAdmin && state.authorId !== command.userId)
          throw new StoryCommandRejected('not_author_or_admin');
        return [
          {
            type: 'StoryDeleted',
            data: {
              storyId: command.storyId,
              authorId: state.authorId!,
              deletedBy: command.userId,
              byAdmin: command.byAdmin,
              ...reasonField(command.reason),
            },
          },
        ];
      case 'RecordCommentsRemoved':
        // Only a deleted story has its comments removed, and it is recorded once.
        if (!state.deleted || state.commentsRemoved) return [];
        return [
          {
            type: 'StoryCommentsRemoved',
            data: { storyId: command.storyId, count: command.count },
          },
        ];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};

export type StoryCommand =
  | {
      type: 'SubmitStory';
      storyId: string;
      authorId: string;
      content: string;
      category: StoryCategory;
      /** The automod rule the text matched, if any: the queue shows it. */
      automod?: AutomodMatch | null;
    }
  | ResubmitStory
  | {
      type: 'ModerateStory';
      storyId: string;
      moderatorId: string;
      to: StoryStatus;
      reason: string | null;
    }
  | {
      type: 'DeleteStory';
      storyId: string;
      userId: string;
      byAdmin: boolean;
      /** An admin's reason, if they gave one. */
      reason?: string | null;
    }
  | { type: 'RecordCommentsRemoved'; storyId: string; count: number };

interface ResubmitStory {
  type: 'ResubmitStory';
  storyId: string;
  authorId: string;
  content: string;
  category: StoryCategory;
  automod?: AutomodMatch | null;
}

const automodField = (automod: AutomodMatch | null | undefined) => (automod ? { automod } : {});

function requireLive(state: StoryState): void {
  if (!state.exists || state.deleted) throw new StoryCommandRejected('not_found');
}

/**
 * Only the author resubmits, and only a story a moderator rejected before it was ever published:
 * it goes back to pending as the next revision. One that readers voted and commented on keeps
 * its text, so their votes and comments never stand under words they did not read. Anyone else
 * learns nothing more than that the story is not theirs.
 */
function decideResubmit(command: ResubmitStory, state: StoryState): StoryEvent[] {
  requireLive(state);
  if (state.authorId !== command.authorId) throw new StoryCommandRejected('not_author');
  if (state.status !== 'rejected') throw new StoryCommandRejected('not_rejected');
  if (state.published) throw new StoryCommandRejected('was_published');
  return [
    {
      type: 'StoryResubmitted',
      data: {
        storyId: command.storyId,
        authorId: command.authorId,
        content: command.content,
        category: command.category,
        revision: state.revision + 1,
        ...automodField(command.automod),
      },
    },
  ];
}

/** Only approved, not deleted stories can be voted on, tracked, reacted to or commented on. */
function requireApproved(state: StoryState): void {
  requireLive(state);
  if (state.status !== 'approved') throw new StoryCommandRejected('not_approved');
}

/**
 * "The story is approved", decided on the story's own fold: a write on the story's votes,
 * activity, reactions or comments is appended with the expectation that the story stream has
 * not moved since, so one that races a hide or a deletion is decided again and refused.
 */
export const approvedStory = {
  initialState: (): StoryState => story.initialState(),
  evolve: (state: StoryState, event: StoryEvent): StoryState => story.evolve(state, event),
  decide(_command: { type: 'AssertApproved' }, state: StoryState): StoryEvent[] {
    requireApproved(state);
    return [];
  },
};

// ---- storyVote-{storyId}-{userId} ----

export interface VoteState {
  vote: VoteChoice | null;
}

export const storyVote = {
  initialState: (): VoteState => ({ vote: null }),
  evolve: (_state: VoteState, event: StoryVoteEvent): VoteState => ({ vote: event.data.vote }),
  decide(command: CastVote, state: VoteState): StoryVoteEvent[] {
    if (state.vote !== null) throw new StoryCommandRejected('already_voted');
    return [
      {
        type: 'StoryVoteCast',
        data: { storyId: command.storyId, userId: command.userId, vote: command.vote },
      },
    ];
  },
};

export interface CastVote {
  type: 'CastVote';
  storyId: string;
  userId: string;
  vote: VoteChoice;
}

// ---- storyActivity-{storyId}-{visitorKey} ----

export type ActivityState = Record<TrackAction, boolean>;

const activityEventType = {
  view: 'StoryViewed',
  skip: 'StorySkipped',
  engage: 'StoryEngaged',
} as const;

export const storyActivity = {
  initialState: (): ActivityState => ({ view: false, skip: false, engage: false }),
  evolve(state: ActivityState, event: StoryActivityEvent): ActivityState {
    switch (event.type) {
      case 'StoryViewed':
        return { ...state, view: true };
      case 'StorySkipped':
      case 'StorySkippedAgainFromAddress':
        return { ...state, skip: true };
      case 'StoryEngaged':
        return { ...state, engage: true };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  /**
   * Each visitor counts at most once per action and story; a repeat changes nothing. A skip the
   * address counted already is still the visitor's own skip: it is recorded, uncounted.
   */
  decide(command: TrackStory, state: ActivityState): StoryActivityEvent[] {
    if (state[command.action]) return [];
    const data = { storyId: command.storyId, visitorKey: command.visitorKey };
    if (command.action === 'skip' && command.countedFromAddress === false)
      return [{ type: 'StorySkippedAgainFromAddress', data }];
    return [{ type: activityEventType[command.action], data }];
  },
};

export interface TrackStory {
  type: 'TrackStory';
  storyId: string;
  visitorKey: string;
  action: TrackAction;
  /** False when this visitor's address already counted the same anonymous action today. */
  countedFromAddress?: boolean;
}

// ---- storyAddress-{storyId}-{addressKey} ----

export type AddressState = Record<'view' | 'skip', boolean>;

export interface CountAnonymously {
  type: 'CountAnonymously';
  storyId: string;
  action: 'view' | 'skip';
}

/**
 * An anonymous view or skip counts once per story per client address and day, whatever cookie
 * comes with it: a repeat is refused, so the visitor's activity is not appended either.
 */
export const storyAddress = {
  initialState: (): AddressState => ({ view: false, skip: false }),
  evolve(state: AddressState, event: StoryAddressEvent): AddressState {
    return { ...state, [event.data.action]: true };
  },
  decide(command: CountAnonymously, state: AddressState): StoryAddressEvent[] {
    if (state[command.action]) throw new StoryCommandRejected('counted_from_address');
    return [
      {
        type: 'AnonymousTrackCounted',
        data: { storyId: command.storyId, action: command.action },
      },
    ];
  },
};

// ---- storyReaction-{storyId}-{userId} ----

export type ReactionState = Record<ReactionType, boolean>;

export const storyReaction = {
  initialState: (): ReactionState => ({ relatable: false, lol: false, wtf: false }),
  evolve(state: ReactionState, event: StoryReactionEvent): ReactionState {
    return { ...state, [event.data.reaction]: event.type === 'StoryReactionAdded' };
  },
  /**
   * ToggleReaction gives a reaction not given and withdraws one given. SetReaction says which it
   * wants, so a repeat (a second tab, a retried request) changes nothing and appends nothing.
   */
  decide(command: ReactionCommand, state: ReactionState): StoryReactionEvent[] {
    const given = state[command.reaction];
    const wanted = command.type === 'ToggleReaction' ? !given : command.given;
    if (wanted === given) return [];
    const data = { storyId: command.storyId, userId: command.userId, reaction: command.reaction };
    return [{ type: wanted ? 'StoryReactionAdded' : 'StoryReactionRemoved', data }];
  },
};

interface ReactionTarget {
  storyId: string;
  userId: string;
  reaction: ReactionType;
}
export type ReactionCommand =
  | (ReactionTarget & { type: 'ToggleReaction' })
  | (ReactionTarget & { type: 'SetReaction'; given: boolean });
