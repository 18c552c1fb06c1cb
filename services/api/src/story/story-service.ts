import { randomInt } from 'node:crypto';
import type { EventStore } from '@whosright/eventstore/port';
import { commandOn } from '@whosright/eventstore/command/handle-commands';
import type { Filter, ReadStore } from '@whosright/projections/store/port';
import {
  POOL_META_ID,
  poolSlotId,
  type PoolDoc,
  type StoryDoc,
} from '@whosright/projections/stories/stories-projection';
import {
  storyVoteId,
  type StoryVoteDoc,
} from '@whosright/projections/story-votes/story-votes-projection';
import { poorPerformers } from '@whosright/projections/stories/poor-performers';
import type { UserDoc } from '@whosright/projections/users/users-projection';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import { newId } from '@whosright/contracts/shared/ids';
import type {
  ReactionType,
  StoryEvent,
  StoryStatus,
  TrackAction,
  VoteChoice,
} from '@whosright/contracts/story/events';
import type { ReactionCounts, StoryCard } from '@whosright/contracts/story/dto';
import { CachedStream } from '#api/platform/cached-stream';
import { StreamStates } from '#api/platform/stream-states';
import type { Actor, CommandBus } from '#api/platform/commands';
import { ConflictError, ForbiddenError, NotFoundError } from '#api/platform/errors';
import {
  StoryCommandRejected,
  requireApproved,
  story as storyDecider,
  storyActivity,
  storyReaction,
  storyVote,
  type StoryState,
} from './decider';
import { storyPool } from './pool-decider';
import { toCard } from './story-views';

export const POOL_STREAM = 'storyPool-approved';
export const ALREADY_VOTED_MESSAGE = 'Already voted on this story';

/** Maps a decider's refusal to the HTTP error the client sees. */
function httpError(error: unknown): unknown {
  if (!(error instanceof StoryCommandRejected)) return error;
  switch (error.reason) {
    case 'already_voted':
      return new ConflictError(ALREADY_VOTED_MESSAGE, 'already_voted');
    case 'not_author_or_admin':
      return new ForbiddenError('Only the author or an admin can delete this story');
    case 'not_found':
    case 'not_approved':
    case 'deleted':
      return new NotFoundError('Story not found');
    case 'already_submitted':
      return new ConflictError('This story already exists');
  }
}

async function mapped<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw httpError(error);
  }
}

/** Stories: the write side (submit, moderate, vote, track, react, delete) and its queries. */
export class StoryService {
  private readonly stories;
  private readonly votes;
  private readonly pool;
  private readonly poolStream: CachedStream<
    ReturnType<typeof storyPool.initialState>,
    Parameters<typeof storyPool.decide>[0],
    ReturnType<typeof storyPool.decide>[number]
  >;
  /** The random pool's size when last read (see randomId). */
  private poolSize = 0;
  /** Checked before every vote, view, skip and reaction. */
  private readonly storyStates: StreamStates<StoryState, StoryEvent>;

  constructor(
    private readonly deps: {
      eventStore: EventStore;
      readStore: ReadStore;
      bus: CommandBus;
      /** What other slices remove with a story (its comments); runs after the story is deleted. */
      onDeleted?: (storyId: string, by: Pick<UserDoc, '_id'>, actor: Actor) => Promise<void>;
    },
  ) {
    this.stories = deps.readStore.collection<StoryDoc>('stories', 'stories');
    this.votes = deps.readStore.collection<StoryVoteDoc>('story-votes', 'votes');
    this.pool = deps.readStore.collection<PoolDoc>('stories', 'pool');
    this.poolStream = new CachedStream(deps.eventStore, POOL_STREAM, storyPool);
    this.storyStates = new StreamStates(deps.eventStore, storyDecider);
  }

  private loadStory(storyId: string): Promise<StoryState> {
    return this.storyStates.read(`story-${storyId}`);
  }

  private async card(storyId: string): Promise<StoryCard> {
    const doc = await this.stories.get(storyId);
    if (!doc) throw new NotFoundError('Story not found');
    return toCard(doc);
  }

  // ---- commands ----

  async submit(
    author: Pick<UserDoc, '_id'>,
    content: string,
    category: StoryCategory,
    actor: Actor,
  ): Promise<StoryCard> {
    const storyId = newId('story');
    await this.deps.bus.run(
      `story-${storyId}`,
      storyDecider,
      { type: 'SubmitStory', storyId, authorId: author._id, content, category },
      actor,
      ['stories', 'user-stats'],
    );
    return this.card(storyId);
  }

  async moderate(
    storyId: string,
    moderator: Pick<UserDoc, '_id'>,
    to: StoryStatus,
    reason: string | null,
    actor: Actor,
  ): Promise<StoryCard> {
    const result = await mapped(
      this.deps.bus.run(
        `story-${storyId}`,
        storyDecider,
        { type: 'ModerateStory', storyId, moderatorId: moderator._id, to, reason },
        actor,
      ),
    );
    const poolPosition = await this.poolStream.run(
      { type: 'EnsurePooled', storyId, pooled: to === 'approved' },
      actor,
    );
    const position = poolPosition ?? result.position;
    if (position !== undefined) await this.deps.bus.settle(position, ['stories']);
    return this.card(storyId);
  }

  async delete(
    storyId: string,
    user: Pick<UserDoc, '_id'>,
    byAdmin: boolean,
    actor: Actor,
  ): Promise<void> {
    const result = await mapped(
      this.deps.bus.run(
        `story-${storyId}`,
        storyDecider,
        { type: 'DeleteStory', storyId, userId: user._id, byAdmin },
        actor,
      ),
    );
    const poolPosition = await this.poolStream.run(
      { type: 'EnsurePooled', storyId, pooled: false },
      actor,
    );
    const position = poolPosition ?? result.position;
    if (position !== undefined) await this.deps.bus.settle(position, ['stories', 'user-stats']);
    await this.deps.onDeleted?.(storyId, user, actor);
  }

  async vote(
    storyId: string,
    user: Pick<UserDoc, '_id'>,
    vote: VoteChoice,
    actor: Actor,
    options: { settle?: boolean } = {},
  ): Promise<{ vote: { vote: VoteChoice }; story: StoryCard } | null> {
    requireApprovedOr404(await this.loadStory(storyId));
    const visitorKey = visitorKeyOfUser(user._id);
    // A vote also counts as engaging with the story: both are written together, or neither.
    const position = await mapped(
      this.deps.bus.runAll(
        [
          commandOn(
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
      ),
    );
    if (options.settle === false) return null;
    await this.deps.bus.settle(position ?? (await this.deps.eventStore.headPosition()), [
      'stories',
      'story-votes',
      'user-stats',
    ]);
    return { vote: { vote }, story: await this.card(storyId) };
  }

  async track(
    storyId: string,
    visitorKey: string,
    action: TrackAction,
    actor: Actor,
  ): Promise<void> {
    requireApprovedOr404(await this.loadStory(storyId));
    await this.deps.bus.run(
      `storyActivity-${storyId}-${visitorKey}`,
      storyActivity,
      { type: 'TrackStory', storyId, visitorKey, action },
      actor,
    );
  }

  async react(
    storyId: string,
    user: UserDoc,
    reaction: ReactionType,
    actor: Actor,
  ): Promise<ReactionCounts> {
    requireApprovedOr404(await this.loadStory(storyId));
    await this.deps.bus.run(
      `storyReaction-${storyId}-${user._id}`,
      storyReaction,
      { type: 'ToggleReaction', storyId, userId: user._id, reaction },
      actor,
      ['stories'],
    );
    return (await this.card(storyId)).reactions;
  }

  // ---- queries ----

  /** Approved stories are public; the author and admins also see their pending, rejected or hidden ones. */
  async visible(storyId: string, viewer: UserDoc | null): Promise<StoryDoc> {
    const doc = await this.stories.get(storyId);
    const allowed =
      doc &&
      (doc.status === 'approved' || viewer?.role === 'admin' || viewer?._id === doc.authorId);
    if (!doc || !allowed) throw new NotFoundError('Story not found');
    return doc;
  }

  async myVote(storyId: string, viewer: UserDoc | null): Promise<{ vote: VoteChoice } | null> {
    await this.visible(storyId, viewer);
    if (!viewer) return null;
    const doc = await this.votes.get(storyVoteId(storyId, viewer._id));
    return doc ? { vote: doc.vote } : null;
  }

  feed(options: {
    category?: StoryCategory | undefined;
    cursor?: string | undefined;
    limit: number;
  }) {
    const filter: Filter = options.category
      ? { status: 'approved', category: options.category }
      : { status: 'approved' };
    return this.stories.find(filter, {
      sort: [['createdAt', -1]],
      limit: options.limit,
      ...(options.cursor ? { after: options.cursor } : {}),
    });
  }

  /**
   * A uniformly random approved story other than `exclude`: the pool size and one slot, both
   * looked up by id. The slot is drawn on the size seen last time so that both are read at once,
   * sharing one freshness check; if the size has changed since, it is drawn again on the new one.
   */
  async randomId(exclude: string | undefined): Promise<string | null> {
    const guess = this.poolSize;
    let slot = guess > 0 ? randomInt(guess) : 0;
    const [found, meta] = await Promise.all([
      guess > 0 ? this.pool.get(poolSlotId(slot)) : undefined,
      this.pool.get(POOL_META_ID),
    ]);
    const count = Number(meta?.count ?? 0);
    this.poolSize = count;
    if (count === 0) return null;
    let id = found?.storyId;
    if (count !== guess) {
      slot = randomInt(count);
      id = (await this.pool.get(poolSlotId(slot)))?.storyId;
    }
    if (id === exclude) {
      if (count === 1) return null;
      // Uniform over the other count - 1 slots.
      slot = (slot + 1 + randomInt(count - 1)) % count;
      id = (await this.pool.get(poolSlotId(slot)))?.storyId;
    }
    return id ?? null;
  }

  pendingQueue(limit = 200) {
    return this.stories.find({ status: 'pending' }, { sort: [['createdAt', 1]], limit });
  }

  dashboard(options: { cursor?: string | undefined; limit: number }) {
    return this.stories.find(
      { status: 'approved' },
      {
        sort: [['createdAt', -1]],
        limit: options.limit,
        ...(options.cursor ? { after: options.cursor } : {}),
      },
    );
  }

  /** The top 5% of rankable stories by skip rate (at least one when any is rankable). */
  poorPerformers(): Promise<StoryDoc[]> {
    return poorPerformers(this.stories);
  }
}

export const visitorKeyOfUser = (userId: string) => `u-${userId}`;
export const visitorKeyOfVisitor = (visitorId: string) => `v-${visitorId}`;

function requireApprovedOr404(state: StoryState): void {
  try {
    requireApproved(state);
  } catch (error) {
    throw httpError(error);
  }
}
