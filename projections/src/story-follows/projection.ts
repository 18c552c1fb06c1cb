import type { UserEvent } from '@whosright/contracts/account/events';
import type { StoryFollowEvent } from '@whosright/contracts/follow/events';
import { defineProjection, remove, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { FOLLOWS_OF_MEMBER, STORY_FOLLOWS, type FollowChoice } from './docs';

type Handled = Recorded<StoryFollowEvent | Extract<UserEvent, { type: 'AccountDeleted' }>>;

/**
 * The stories each member followed or unfollowed with the toggle, one document per member: the
 * story screen's Follow toggle and their notifications of the stories they follow read it, and
 * the deletion of their account removes it at once. An unfollow is kept (not removed), since it
 * is what turns an author's follow of their own story off.
 */
export const storyFollowsProjection = defineProjection<Handled>({
  name: STORY_FOLLOWS,
  version: 1,
  eventTypes: ['StoryFollowed', 'StoryUnfollowed', 'AccountDeleted'],
  collections: [{ name: FOLLOWS_OF_MEMBER, indexes: [] }],
  apply(event): Change[] {
    if (event.type === 'AccountDeleted')
      return [remove(FOLLOWS_OF_MEMBER, event.stream.slice('user-'.length))];
    const { storyId, userId } = event.data;
    const at = event.metadata.recordedAt;
    const choice: FollowChoice =
      event.type === 'StoryFollowed'
        ? { following: true, at, majority: event.data.majority }
        : { following: false, at };
    return [upsert(FOLLOWS_OF_MEMBER, userId, { $set: { [`stories.${storyId}`]: choice } })];
  },
});
