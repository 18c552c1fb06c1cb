import { reactionTypeSchema, type ReactionType } from '@whosright/contracts/story/events';
import type { ReadModels } from '../store/port';
import {
  MEMBER_REACTIONS,
  MEMBER_REACTION_DOCS,
  memberReactionId,
  type MemberReactionDoc,
} from './docs';

/** Every read the API makes of the member-reactions read model. */
export class MemberReactionQueries {
  private readonly reactions;

  constructor(models: ReadModels) {
    this.reactions = models.collection<MemberReactionDoc>(MEMBER_REACTIONS, MEMBER_REACTION_DOCS);
  }

  /** The reactions the member gives the story now, in the order the chips show them. */
  async givenBy(storyId: string, userId: string): Promise<ReactionType[]> {
    const doc = await this.reactions.get(memberReactionId(storyId, userId));
    return doc ? reactionTypeSchema.options.filter((type) => doc[type] === true) : [];
  }
}
