import type { SavedStoriesPage } from '@whosright/contracts/saved/dto';
import { savedStoryStream } from '@whosright/contracts/saved/events';
import type { FeedStory } from '@whosright/contracts/story/dto';
import { SAVED_STORIES } from '@whosright/projections/saved-stories/docs';
import type { SavedStoryQueries } from '@whosright/projections/saved-stories/queries';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { memberCommandOn, type StreamCommand } from '#api/write/commands';
import { savedStory } from './decider';

export interface SavedStoriesDeps {
  bus: CommandBus;
  saves: Pick<SavedStoryQueries, 'byMember'>;
  /** The public ones of these stories as the member's feed shows them, by id. */
  feedCards: (storyIds: readonly string[], user: UserDoc) => Promise<Map<string, FeedStory>>;
  /** "The story is approved" as a write's precondition: the story slice's guard. */
  approvedStory: (storyId: string) => StreamCommand;
}

/** A member's saved stories: saving one (only a public story), unsaving, and the list. */
export class SavedStories {
  constructor(private readonly deps: SavedStoriesDeps) {}

  /** Saves the story for the member; saving it again changes nothing. */
  async save(storyId: string, user: UserDoc, actor: Actor): Promise<void> {
    await this.set(storyId, user, actor, true);
  }

  /** Takes the story off the member's list, public or not any more; when not saved, nothing. */
  async unsave(storyId: string, user: UserDoc, actor: Actor): Promise<void> {
    await this.set(storyId, user, actor, false);
  }

  /**
   * The member's saved stories that are still public, newest saved first. A story hidden or
   * deleted since leaves the list as it is read (a page may then hold fewer than its limit).
   */
  async page(
    user: UserDoc,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<SavedStoriesPage> {
    const page = await this.deps.saves.byMember(user._id, request);
    const cards = await this.deps.feedCards(
      page.items.map((save) => save.storyId),
      user,
    );
    const items = page.items.flatMap((save) => {
      const card = cards.get(save.storyId);
      return card ? [{ ...card, savedAt: save.savedAt }] : [];
    });
    return { items, nextCursor: page.next ?? null };
  }

  private async set(storyId: string, user: UserDoc, actor: Actor, saved: boolean) {
    const command = memberCommandOn(savedStoryStream(storyId, user._id), savedStory, {
      type: saved ? 'SaveStory' : 'UnsaveStory',
      storyId,
      userId: user._id,
    });
    await this.deps.bus
      .asMember(user._id)
      .runAll(saved ? [this.deps.approvedStory(storyId), command] : [command], actor, [
        SAVED_STORIES,
      ]);
  }
}
