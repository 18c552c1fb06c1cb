import type { StoryReactionEvent } from '@whosright/contracts/story/events';
import { defineProjection, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { MEMBER_REACTIONS, MEMBER_REACTION_DOCS, memberReactionId } from './docs';

/**
 * Which reactions each member gives each story: the story screen shows a member's own chips
 * pressed. It handles only reaction events, so a vote or a view never wakes it.
 */
export const memberReactionsProjection = defineProjection<Recorded<StoryReactionEvent>>({
  name: MEMBER_REACTIONS,
  version: 1,
  eventTypes: ['StoryReactionAdded', 'StoryReactionRemoved'],
  collections: [{ name: MEMBER_REACTION_DOCS, indexes: [] }],
  apply(event) {
    const { storyId, userId, reaction } = event.data;
    const given = event.type === 'StoryReactionAdded';
    return [
      upsert(MEMBER_REACTION_DOCS, memberReactionId(storyId, userId), {
        $set: { [reaction]: given },
      }),
    ];
  },
});
