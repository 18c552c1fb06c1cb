import { storyFollowStream } from '@whosright/contracts/follow/events';
import { STORY_FOLLOWS } from '@whosright/projections/story-follows/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { memberCommandOn, type StreamCommand } from '#api/write/commands';
import { storyFollow, type StoryFollowCommand } from './decider';

type Majority = 'he' | 'she' | null;

export interface StoryFollowsDeps {
  bus: CommandBus;
  /** Who wrote the story, as its stream says (null: no such story, or deleted). */
  authorOf: (storyId: string) => Promise<string | null>;
  /** The side ahead on the story now, as its card counts it. */
  majorityOf: (storyId: string) => Promise<Majority>;
  /** "The story is approved" as a write's precondition: the story slice's guard. */
  approvedStory: (storyId: string) => StreamCommand;
  /** What the member hears changed: their open bells count again. */
  onChanged: (userId: string) => void;
}

/**
 * A member following an approved story, to hear of new comments on it and of its majority
 * flipping, and unfollowing it. Its author follows it from its approval on, unless they
 * unfollow it.
 */
export class StoryFollows {
  constructor(private readonly deps: StoryFollowsDeps) {}

  /** Follows the story; following it again changes nothing. */
  async follow(storyId: string, user: UserDoc, actor: Actor): Promise<void> {
    const [authorId, majority] = await Promise.all([
      this.deps.authorOf(storyId),
      this.deps.majorityOf(storyId),
    ]);
    await this.set(storyId, user, actor, {
      type: 'FollowStory',
      storyId,
      userId: user._id,
      byDefault: authorId === user._id,
      majority,
    });
  }

  /** Unfollows the story; when not followed, nothing. */
  async unfollow(storyId: string, user: UserDoc, actor: Actor): Promise<void> {
    const authorId = await this.deps.authorOf(storyId);
    await this.set(storyId, user, actor, {
      type: 'UnfollowStory',
      storyId,
      userId: user._id,
      byDefault: authorId === user._id,
    });
  }

  /** The story's approved guard first: an unknown, pending, rejected or hidden story is a 404. */
  private async set(
    storyId: string,
    user: UserDoc,
    actor: Actor,
    command: StoryFollowCommand,
  ): Promise<void> {
    await this.deps.bus
      .asMember(user._id)
      .runAll(
        [
          this.deps.approvedStory(storyId),
          memberCommandOn(storyFollowStream(storyId, user._id), storyFollow, command),
        ],
        actor,
        [STORY_FOLLOWS],
      );
    this.deps.onChanged(user._id);
  }
}
