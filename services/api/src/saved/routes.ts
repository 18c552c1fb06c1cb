import type { Router } from 'express';
import type { SavedState, SavedStoriesPage } from '@whosright/contracts/saved/dto';
import { storyIdParamsSchema } from '@whosright/contracts/story/dto';
import { pageQuerySchema } from '@whosright/contracts/shared/page';
import { actorOf, activeUser, currentUser } from '#api/platform/auth';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { SavedStories } from './saved-stories';

/**
 * A member saves a public story and unsaves it (banned members cannot write), and reads their
 * saved list (a banned member still can). Both writes answer whether the story is saved now.
 */
export function savedRoutes(router: Router, saved: SavedStories, limit: WriteLimit): void {
  const perAccount = limit(rateLimitPolicies.savesPerAccount);

  router.put('/stories/:id/saved', perAccount, async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    await saved.save(id, activeUser(req), actorOf(req));
    const body: SavedState = { saved: true };
    res.json(body);
  });

  router.delete('/stories/:id/saved', perAccount, async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    await saved.unsave(id, activeUser(req), actorOf(req));
    const body: SavedState = { saved: false };
    res.json(body);
  });

  router.get('/users/saved', async (req, res) => {
    const user = currentUser(req);
    const body: SavedStoriesPage = await saved.page(user, pageQuerySchema.parse(req.query));
    res.json(body);
  });
}
