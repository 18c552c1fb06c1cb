import { STORIES } from '@whosright/projections/stories/docs';
import { STORY_VOTES } from '@whosright/projections/story-votes/docs';
import { MEMBER_REACTIONS } from '@whosright/projections/member-reactions/docs';
import { USER_STATS } from '@whosright/projections/user-stats/docs';
import { SEEN_STORIES } from '@whosright/projections/seen-stories/docs';
import { STORY_TIMELINE } from '@whosright/projections/story-timeline/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { ReactionType, TrackAction, VoteChoice } from '@whosright/contracts/story/events';
import type { Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn, memberCommandOn } from '#api/write/commands';
import { approvedStoryGuard } from './approved-story-guard';
import {
  story as storyDecider,
  storyActivity,
  storyAddress,
  storyReaction,
  storyVote,
} from './decider';
import { AlreadyCountedFromAddress } from './rejections';

export const visitorKeyOfUser = (userId: string) => `u-${userId}`;
export const visitorKeyOfVisitor = (visitorId: string) => `v-${visitorId}`;

/** What readers do with an approved story: vote, react, and the views, skips and engagement counted. */
export class StoryEngagement {
  constructor(private readonly bus: CommandBus) {}

  private approvedGuard(storyId: string) {
    return approvedStoryGuard(storyId, this.bus.fold(storyDecider));
  }

  async vote(
    storyId: string,
    user: Pick<UserDoc, '_id'>,
    vote: VoteChoice,
    actor: Actor,
  ): Promise<void> {
    const visitorKey = visitorKeyOfUser(user._id);
    // A vote also counts as engaging with the story: both are written together, or neither.
    await this.bus.asMember(user._id).runAll(
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
    const activity = (countedFromAddress?: false) =>
      commandOn(`storyActivity-${storyId}-${visitorKey}`, storyActivity, {
        type: 'TrackStory',
        storyId,
        visitorKey,
        action,
        ...(countedFromAddress === false ? { countedFromAddress } : {}),
      });
    // After a skip, the next Random or Next must already leave the story out.
    const settle = action === 'skip' ? [SEEN_STORIES] : [];
    if (addressKey === undefined || action === 'engage') {
      await this.bus.runAll([approved, activity()], actor, settle);
      return;
    }
    const byAddress = commandOn(
      `storyAddress-${storyId}-${addressKey}`,
      storyAddress,
      { type: 'CountAnonymously', storyId, action },
      { expectNew: true },
    );
    try {
      await this.bus.runAll([approved, byAddress, activity()], actor, settle);
    } catch (error) {
      if (!(error instanceof AlreadyCountedFromAddress)) throw error;
      // Another visitor on this address (or this one with an earlier cookie) was counted: this
      // visitor's skip still keeps the story out of their own draws, uncounted.
      if (action === 'skip') await this.bus.runAll([approved, activity(false)], actor, settle);
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
    await this.bus.asMember(user._id).runAll(
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
}
