import type { RequestHandler, Router } from 'express';
import { storySearchQuerySchema, type StorySearchPage } from '@whosright/contracts/search/dto';
import { authOf } from '#api/platform/auth';
import type { StorySearch } from './story-search';

/** Anyone may search the public stories; a member sees the verdicts of the stories they voted on. */
export function searchRoutes(router: Router, search: StorySearch, perIp: RequestHandler): void {
  router.get('/stories/search', perIp, async (req, res) => {
    const query = storySearchQuerySchema.parse(req.query);
    const body: StorySearchPage = await search.page(query, authOf(req).user);
    res.json(body);
  });
}
