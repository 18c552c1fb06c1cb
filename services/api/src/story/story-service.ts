import type { AutomodMatch } from '@whosright/contracts/automod/events';
import { STORIES } from '@whosright/projections/stories/docs';
import { USER_STATS } from '@whosright/projections/user-stats/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import type { StoryStatus } from '@whosright/contracts/story/events';
import { newIdFor, type Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn, memberCommandOn, type StreamCommand } from '#api/write/commands';
import { story as storyDecider, subjectOf, type StorySubject, type StoryCommand } from './decider';
import { storyPool } from './pool-decider';
import { approvedStoryGuard } from './approved-story-guard';

export const POOL_STREAM = 'storyPool-approved';

const storyStream = (storyId: string) => `story-${storyId}`;

export interface StoryServiceDeps {
  bus: CommandBus;
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

/** Stories' own writes: submit, resubmit, moderate, delete (readers' acts: StoryEngagement; reads: StoryReads). */
export class StoryService {
  constructor(private readonly deps: StoryServiceDeps) {}

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
}
