import { describe, it } from 'vitest';
import type { ReactionType } from '@whosright/contracts/story/events';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { memberReactionsProjection } from './projection';

const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';

describe('member reactions projection', () => {
  const spec = projectionSpec(memberReactionsProjection);
  const log = eventLog();
  const reacted = (
    type: 'StoryReactionAdded' | 'StoryReactionRemoved',
    userId: string,
    reaction: ReactionType,
  ) =>
    log.storyReaction({ type, data: { storyId: dishes, userId, reaction } }, { actorId: userId });

  it('when members give reactions each one is recorded under the story and the member', async () => {
    await spec
      .given([reacted('StoryReactionAdded', ann, 'lol')])
      .when(reacted('StoryReactionAdded', ann, 'wtf'), reacted('StoryReactionAdded', ben, 'lol'))
      .then({
        reactions: [
          { _id: `${dishes}:${ann}`, lol: true, wtf: true },
          { _id: `${dishes}:${ben}`, lol: true },
        ],
      });
  });

  it('when a member withdraws a reaction it is no longer given and the others stay', async () => {
    await spec
      .given([reacted('StoryReactionAdded', ann, 'lol'), reacted('StoryReactionAdded', ann, 'wtf')])
      .when(reacted('StoryReactionRemoved', ann, 'lol'))
      .then({ reactions: [{ _id: `${dishes}:${ann}`, lol: false, wtf: true }] });
  });
});
