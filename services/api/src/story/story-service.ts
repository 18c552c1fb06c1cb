import type { AutomodMatch } from '@whosright/contracts/automod/events';
import { STORIES, type StoryDoc } from '@whosright/projections/stories/docs';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import { STORY_VOTES } from '@whosright/projections/story-votes/docs';
import type { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import { MEMBER_REACTIONS } from '@whosright/projections/member-reactions/docs';
import type { MemberReactionQueries } from '@whosright/projections/member-reactions/queries';
import { USER_STATS } from '@whosright/projections/user-stats/docs';
import { SEEN_STORIES } from '@whosright/projections/seen-stories/docs';
import { STORY_TIMELINE } from '@whosright/projections/story-timeline/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import { isPublicStory } from '@whosright/contracts/story/rules';
import type {
  ReactionType,
  StoryStatus,
  TrackAction,
  VoteChoice,
} from '@whosright/contracts/story/events';
import type { StoryCard } from '@whosright/contracts/story/dto';
import { newIdFor, type Actor } from '#api/platform/actor';
import { NotFoundError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn, memberCommandOn, type StreamCommand } from '#api/write/commands';
import {
  story as storyDecider,
  subjectOf,
  type StorySubject,
  storyActivity,
  storyAddress,
  storyReaction,
  storyVote,
  type StoryCommand,
} from './decider';
import { storyPool } from './pool-decider';
import { AlreadyCountedFromAddress } from './rejections';
import { approvedStoryGuard } from './approved-story-guard';
import { toCard } from './story-views';

export const POOL_STREAM = 'storyPool-approved';

export const visitorKeyOfUser = (userId: string) => `u-${userId}`;
export const visitorKeyOfVisitor = (visitorId: string) => `v-${visitorId}`;

const storyStream = (storyId: string) => `story-${storyId}`;

export interface StoryServiceDeps {
  bus: CommandBus;
  stories: StoryQueries;
  votes: StoryVoteQueries;
  /** The reactions each member gives each story (their chips show pressed). */
  reactions: MemberReactionQueries;
  /**
   * Removes a deleted story's comments, as whoever deleted the story (an admin, or its author);
   * answers how many it removed. Runs after the story is deleted.
   */
  onDeleted?: (
    storyId: string,
    deletion: { by: string; byAdmin: boolean },
    actor: Actor,
  ) => Promise<number>;
  /** The automod rule for stories a text matches, if any (none where no rules are read). */
  screen?: (content: string) => Promise<AutomodMatch | null>;
}

/** Stories: the write side (submit, moderate, vote, track, react, delete) and its access rules. */
export class StoryService {
  constructor(private readonly deps: StoryServiceDeps) {}

  /**
   * The story's card as the stories read model shows it: what a route answers after a write (the
   * write waited for that read model when its bus waits for any).
   */
  async card(storyId: string): Promise<StoryCard> {
    const doc = await this.deps.stories.byId(storyId);
    if (!doc) throw new NotFoundError('Story not found');
    return toCard(doc);
  }

  /**
   * The story as its own stream has it (null: none, or deleted), for a comment's decision: on
   * the log, never on a read model that may not have caught up with it yet.
   */
  async subject(storyId: string): Promise<StorySubject | null> {
    return subjectOf(await this.deps.bus.state(storyStream(storyId), storyDecider));
  }

  /**
   * "The story is approved" as a precondition of a write on it, decided on the bus's cached fold
   * of stories (every command on a story reads it: folded incrementally, not per command); the
   * comment slice gets it through the composition root.
   */
  approvedGuard(storyId: string) {
    return approvedStoryGuard(storyId, this.deps.bus.fold(storyDecider));
  }

  /**
   * Keeps the random pool in step with the story's status, in the same append. The pool holds
   * every approved story: folded once by the bus, then caught up per command.
   */
  private poolCommand(storyId: string, pooled: boolean) {
    return commandOn(
      POOL_STREAM,
      storyPool,
      { type: 'EnsurePooled', storyId, pooled },
      { fold: this.deps.bus.fold(storyPool) },
    );
  }

  // ---- commands: each answers what it wrote, never a read model (`card` reads it) ----

  /** Answers the new story's id. */
  async submit(
    author: Pick<UserDoc, '_id'>,
    content: string,
    category: StoryCategory,
    actor: Actor,
  ): Promise<string> {
    const storyId = newIdFor(actor, 'story');
    await this.authorWrite(
      {
        type: 'SubmitStory',
        storyId,
        authorId: author._id,
        content,
        category,
        automod: await this.screen(content),
      },
      actor,
      [STORIES, USER_STATS],
    );
    return storyId;
  }

  /**
   * The author sends their rejected story back to the queue with new text: refused while they
   * are banned, as every member's write is. Not in the random pool: it is not approved.
   */
  async resubmit(
    storyId: string,
    author: Pick<UserDoc, '_id'>,
    content: string,
    category: StoryCategory,
    actor: Actor,
  ): Promise<void> {
    await this.authorWrite(
      {
        type: 'ResubmitStory',
        storyId,
        authorId: author._id,
        content,
        category,
        automod: await this.screen(content),
      },
      actor,
      [STORIES],
    );
  }

  /** The automod rule for stories the text matches, if any. */
  private async screen(content: string): Promise<AutomodMatch | null> {
    return (await this.deps.screen?.(content)) ?? null;
  }

  /** The author's own write on their story's stream: refused while they are banned. */
  private async authorWrite(
    command: Extract<StoryCommand, { type: 'SubmitStory' | 'ResubmitStory' }>,
    actor: Actor,
    readModels: string[],
  ): Promise<void> {
    await this.deps.bus
      .asMember(command.authorId)
      .runAll(
        [memberCommandOn(storyStream(command.storyId), storyDecider, command)],
        actor,
        readModels,
      );
  }

  async moderate(
    storyId: string,
    moderator: Pick<UserDoc, '_id'>,
    to: StoryStatus,
    reason: string | null,
    actor: Actor,
    alongside: readonly StreamCommand[] = [],
  ): Promise<void> {
    await this.deps.bus.runAll(
      [
        commandOn(storyStream(storyId), storyDecider, {
          type: 'ModerateStory',
          storyId,
          moderatorId: moderator._id,
          to,
          reason,
        }),
        this.poolCommand(storyId, to === 'approved'),
        ...alongside,
      ],
      actor,
      [STORIES],
    );
  }

  /**
   * An admin deletes any story; an author their own. The author's deletion goes through the
   * active-user guard as a removal: refused while they are banned, let through while their
   * account is being deleted (the deletion's sweep removes their stories as their author).
   */
  async delete(
    storyId: string,
    user: Pick<UserDoc, '_id'>,
    byAdmin: boolean,
    actor: Actor,
    reason: string | null = null,
  ): Promise<void> {
    const door = byAdmin ? this.deps.bus : this.deps.bus.asMember(user._id, { removal: true });
    await door.runAll(
      [
        commandOn(storyStream(storyId), storyDecider, {
          type: 'DeleteStory',
          storyId,
          userId: user._id,
          byAdmin,
          reason,
        }),
        this.poolCommand(storyId, false),
      ],
      actor,
      [STORIES, USER_STATS],
    );
    await this.finishDeletion(storyId, actor);
  }

  /**
   * Removes a deleted story's comments and records that it is done (StoryCommentsRemoved). A
   * deletion interrupted before that is resumed at the next start (`resumeDeletions`).
   */
  async finishDeletion(storyId: string, actor: Actor): Promise<void> {
    if (!this.deps.onDeleted) return;
    const { deletion } = await this.deps.bus.state(storyStream(storyId), storyDecider);
    if (!deletion) return;
    const count = await this.deps.onDeleted(storyId, deletion, actor);
    await this.deps.bus.run(
      storyStream(storyId),
      storyDecider,
      { type: 'RecordCommentsRemoved', storyId, count },
      actor,
    );
  }

  async vote(
    storyId: string,
    user: Pick<UserDoc, '_id'>,
    vote: VoteChoice,
    actor: Actor,
  ): Promise<void> {
    const visitorKey = visitorKeyOfUser(user._id);
    // A vote also counts as engaging with the story: both are written together, or neither.
    await this.deps.bus.asMember(user._id).runAll(
      [
        this.approvedGuard(storyId),
        memberCommandOn(
          `storyVote-${storyId}-${user._id}`,
          storyVote,
          { type: 'CastVote', storyId, userId: user._id, vote },
          { expectNew: true },
        ),
        commandOn(`storyActivity-${storyId}-${visitorKey}`, storyActivity, {
          type: 'TrackStory',
          storyId,
          visitorKey,
          action: 'engage',
        }),
      ],
      actor,
      // SEEN_STORIES: the next Random or Next never draws this story again; STORY_TIMELINE: the
      // verdict timeline shown with the results holds this vote.
      [STORIES, STORY_VOTES, USER_STATS, SEEN_STORIES, STORY_TIMELINE],
    );
  }

  /**
   * Counts a view, skip or engagement once per visitor. An anonymous view or skip (`addressKey`
   * given) also counts once per client address and day, so fresh cookies cannot inflate it.
   */
  async track(
    storyId: string,
    visitorKey: string,
    action: TrackAction,
    actor: Actor,
    addressKey?: string,
  ): Promise<void> {
    const approved = this.approvedGuard(storyId);
    const activity = commandOn(`storyActivity-${storyId}-${visitorKey}`, storyActivity, {
      type: 'TrackStory',
      storyId,
      visitorKey,
      action,
    });
    // After a skip, the next Random or Next must already leave the story out.
    const settle = action === 'skip' ? [SEEN_STORIES] : [];
    if (addressKey === undefined || action === 'engage') {
      await this.deps.bus.runAll([approved, activity], actor, settle);
      return;
    }
    const byAddress = commandOn(
      `storyAddress-${storyId}-${addressKey}`,
      storyAddress,
      { type: 'CountAnonymously', storyId, action },
      { expectNew: true },
    );
    try {
      await this.deps.bus.runAll([approved, byAddress, activity], actor, settle);
    } catch (error) {
      if (!(error instanceof AlreadyCountedFromAddress)) throw error;
    }
  }

  /**
   * Gives (`given` true) or withdraws (false) one reaction; without `given` it toggles, as
   * POST /api/stories/{id}/reactions always has. A repeat of what is already so appends nothing.
   */
  async react(
    storyId: string,
    user: UserDoc,
    reaction: ReactionType,
    actor: Actor,
    given?: boolean,
  ): Promise<void> {
    const target = { storyId, userId: user._id, reaction };
    await this.deps.bus.asMember(user._id).runAll(
      [
        this.approvedGuard(storyId),
        memberCommandOn(
          `storyReaction-${storyId}-${user._id}`,
          storyReaction,
          given === undefined
            ? { type: 'ToggleReaction', ...target }
            : { type: 'SetReaction', ...target, given },
        ),
      ],
      actor,
      // MEMBER_REACTIONS: the story read again shows the member's chips as they left them.
      [STORIES, MEMBER_REACTIONS],
    );
  }

  // ---- access rules on reads ----

  /** Approved stories are public; the author and admins also see their pending, rejected or hidden ones. */
  async visible(storyId: string, viewer: UserDoc | null): Promise<StoryDoc> {
    const doc = await this.deps.stories.byId(storyId);
    const allowed =
      doc && (isPublicStory(doc) || viewer?.role === 'admin' || viewer?._id === doc.authorId);
    if (!doc || !allowed) throw new NotFoundError('Story not found');
    return doc;
  }

  async myVote(storyId: string, viewer: UserDoc | null): Promise<{ vote: VoteChoice } | null> {
    await this.visible(storyId, viewer);
    return this.voteOf(storyId, viewer);
  }

  /**
   * The story, the viewer's vote and the reactions they give it, read side by side (one call per
   * story for a reader; a visitor reads the story alone).
   */
  async visibleWithVote(
    storyId: string,
    viewer: UserDoc | null,
  ): Promise<{ story: StoryDoc; vote: VoteChoice | null; reactions: ReactionType[] }> {
    const [story, vote, reactions] = await Promise.all([
      this.visible(storyId, viewer),
      this.voteOf(storyId, viewer),
      viewer ? this.deps.reactions.givenBy(storyId, viewer._id) : [],
    ]);
    return { story, vote: vote?.vote ?? null, reactions };
  }

  /** Which of `storyIds` the viewer voted on (none for a visitor). */
  async votedAmong(storyIds: readonly string[], viewer: UserDoc | null): Promise<Set<string>> {
    return viewer ? this.deps.votes.votedAmong(storyIds, viewer._id) : new Set();
  }

  private async voteOf(storyId: string, viewer: UserDoc | null) {
    if (!viewer) return null;
    const doc = await this.deps.votes.voteOf(storyId, viewer._id);
    return doc ? { vote: doc.vote } : null;
  }
}
