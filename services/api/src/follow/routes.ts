import type { Router } from 'express';
import type { FollowState } from '@whosright/contracts/follow/dto';
import { storyIdParamsSchema } from '@whosright/contracts/story/dto';
import { actorOf, activeUser } from '#api/platform/auth';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { StoryFollows } from './story-follows';

/**
 * A member follows an approved story and unfollows it (banned members cannot write). Both answer
 * whether the member follows the story now.
 */
export function followRoutes(router: Router, follows: StoryFollows, limit: WriteLimit): void {
  const perAccount = limit(rateLimitPolicies.followsPerAccount);

  router.put('/stories/:id/follow', perAccount, async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    await follows.follow(id, activeUser(req), actorOf(req));
    const body: FollowState = { following: true };
    res.json(body);
  });

  router.delete('/stories/:id/follow', perAccount, async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    await follows.unfollow(id, activeUser(req), actorOf(req));
    const body: FollowState = { following: false };
    res.json(body);
  });
}
