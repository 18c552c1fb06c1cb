/**
 * PUT /api/stories/{id}/follow follows the story, DELETE of the same path unfollows it; both
 * answer `{ following }`. The story card's Follow toggle and the bell's Unfollow both call it (one
 * call for two features, so it lives here), and both update the story's query.
 */
import type { FollowState } from '@whosright/contracts/follow/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { boolean, object } from '#web/lib/shape.ts';

const followStateShape = object<FollowState>({ following: boolean });

export function followStory(id: string, following: boolean) {
  const path = `/api/stories/${encodeURIComponent(id)}/follow`;
  return apiRequest(following ? 'PUT' : 'DELETE', path, { shape: followStateShape });
}
