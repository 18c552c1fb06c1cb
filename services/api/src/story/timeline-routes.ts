import type { Router } from 'express';
import { storyIdParamsSchema, type StoryTimeline } from '@whosright/contracts/story/dto';
import type { StoryTimelineQueries } from '@whosright/projections/story-timeline/queries';
import { verdictOf } from '@whosright/projections/story-timeline/verdict';
import { authOf } from '#api/platform/auth';
import type { StoryReads } from './story-reads';

export interface StoryTimelineRoutesDeps {
  /** Decides who may see the story (as GET /api/stories/{id}). */
  stories: Pick<StoryReads, 'visible'>;
  timeline: StoryTimelineQueries;
}

/** The verdict timeline: how the He / She split of a story moved over time. */
export function storyTimelineRoutes(
  router: Router,
  { stories, timeline }: StoryTimelineRoutesDeps,
): void {
  router.get('/stories/:id/timeline', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    // A story the viewer may not see (pending, hidden, deleted) has no timeline either: 404.
    await stories.visible(id, authOf(req).user);
    const { granularity, buckets } = await timeline.ofStory(id);
    const { points, flips } = verdictOf(buckets);
    const body: StoryTimeline = { granularity, points, flips };
    res.json(body);
  });
}
