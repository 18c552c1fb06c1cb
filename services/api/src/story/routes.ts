import type { RequestHandler, Router } from 'express';
import type { StoryDoc } from '@whosright/projections/stories/docs';
import type { Page } from '@whosright/projections/store/port';
import {
  castVoteRequestSchema,
  deleteStoryRequestSchema,
  moderateStoryRequestSchema,
  randomStoryQuerySchema,
  reactRequestSchema,
  resubmitStoryRequestSchema,
  storyFeedQuerySchema,
  storyIdParamsSchema,
  storyReactionParamsSchema,
  submitStoryRequestSchema,
  type AdminStory,
  trackRequestSchema,
} from '@whosright/contracts/story/dto';
import type { StoryHistory } from '@whosright/contracts/moderation/dto';
import { pageQuerySchema } from '@whosright/contracts/shared/page';
import type { SeenStoryQueries } from '@whosright/projections/seen-stories/queries';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import { actorOf, activeUser, adminUser, authOf, currentUser } from '#api/platform/auth';
import { NotFoundError } from '#api/platform/errors';
import { toPage } from '#api/platform/page';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { Visitors } from '#api/platform/visitor';
import type { StoryService } from './story-service';
import type { StoryReads } from './story-reads';
import { seenOrLeftOut } from './seen-or-left-out';
import { visitorKeyOfUser, visitorKeyOfVisitor, type StoryEngagement } from './story-engagement';
import { feedVerdict } from '@whosright/contracts/story/rules';
import { toAdminStory, toDashboardStory, toFeedStory, toMyStory, toStoryView } from './story-views';

export interface StoryRoutesDeps {
  stories: StoryService;
  reads: StoryReads;
  engagement: StoryEngagement;
  queries: StoryQueries;
  /** What each viewer voted on or skipped: Random and Next leave it out. */
  seen: SeenStoryQueries;
  /** The admin's story history (see story-history.ts). */
  history: (storyId: string) => Promise<StoryHistory>;
  /** Who wrote these stories, by author id, as admins' lists name them. */
  authorsOf: (authorIds: readonly string[]) => Promise<Map<string, AdminStory['author']>>;
  visitors: Visitors;
  limit: WriteLimit;
  /** Tracking is limited per client address. */
  trackLimit: RequestHandler;
}

/** The stories: submit, feed, random, read, vote, track, react, delete; the admin queue and dashboard. */
export function storyRoutes(
  router: Router,
  {
    stories,
    reads,
    engagement,
    queries,
    seen,
    history,
    authorsOf,
    visitors,
    limit,
    trackLimit,
  }: StoryRoutesDeps,
): void {
  router.post('/stories', limit(rateLimitPolicies.storiesPerAccount), async (req, res) => {
    const user = activeUser(req);
    const body = submitStoryRequestSchema.parse(req.body);
    const storyId = await stories.submit(user, body.content, body.category, actorOf(req));
    res.status(201).json(await reads.card(storyId));
  });

  // The author's rejected story, edited, goes back to the queue; validated as a submission.
  router.post(
    '/stories/:id/resubmit',
    limit(rateLimitPolicies.storiesPerAccount),
    async (req, res) => {
      const { id } = storyIdParamsSchema.parse(req.params);
      const user = activeUser(req);
      const body = resubmitStoryRequestSchema.parse(req.body);
      await stories.resubmit(id, user, body.content, body.category, actorOf(req));
      res.json(await reads.card(id));
    },
  );

  router.get('/stories', async (req, res) => {
    const query = storyFeedQuerySchema.parse(req.query);
    const page = await queries.feed(query);
    const voted = await reads.votedAmong(
      page.items.map((doc) => doc._id),
      authOf(req).user,
    );
    const now = new Date();
    res.json(
      toPage(page, (doc) => toFeedStory(doc, feedVerdict(doc, { voted: voted.has(doc._id), now }))),
    );
  });

  // A viewer known by account or visitor cookie never draws a story they voted on or skipped,
  // nor any story of `exclude` (the current one, then skips still on their way); `{id: null}`
  // says they have seen every story. Without any story: 404.
  router.get('/stories/random', async (req, res) => {
    const [current, ...skipped] = randomStoryQuerySchema.parse(req.query).exclude ?? [];
    const user = authOf(req).user;
    const visitorId = user ? undefined : visitors.existingIdOf(req);
    const viewer = user ? visitorKeyOfUser(user._id) : visitorId && visitorKeyOfVisitor(visitorId);
    const viewerSeen = viewer ? seen.of(viewer) : undefined;
    const leftOut = skipped.length > 0 ? seenOrLeftOut(viewerSeen, skipped) : viewerSeen;
    const id = leftOut
      ? await queries.randomUnseenId(leftOut, current)
      : await queries.randomId(current);
    if (id) res.json({ id });
    else if (leftOut && (await leftOut.count()) > 0) res.json({ id: null });
    else throw new NotFoundError('No story to show yet');
  });

  router.get('/stories/:id', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    const viewer = authOf(req).user;
    const { story, own } = await reads.visibleWithVote(id, viewer);
    res.json(toStoryView(story, own, viewer?._id));
  });

  router.get('/stories/:id/vote', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    res.json(await reads.myVote(id, authOf(req).user));
  });

  router.post(
    '/stories/:id/vote',
    limit(rateLimitPolicies.storyVotesPerAccount),
    async (req, res) => {
      const { id } = storyIdParamsSchema.parse(req.params);
      const user = activeUser(req);
      const { vote } = castVoteRequestSchema.parse(req.body);
      await engagement.vote(id, user, vote, actorOf(req));
      res.json({ vote: { vote }, story: await reads.card(id) });
    },
  );

  router.post('/stories/:id/track', trackLimit, async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    const { action } = trackRequestSchema.parse(req.body);
    const user = authOf(req).user;
    // A banned member's views and skips do not count (quietly, like a repeat).
    if (user?.status !== 'banned') {
      if (user) await engagement.track(id, visitorKeyOfUser(user._id), action, actorOf(req));
      else {
        const key = visitorKeyOfVisitor(visitors.idOf(req, res));
        await engagement.track(id, key, action, actorOf(req, key), visitors.addressKeyOf(req));
      }
    }
    res.status(204).end();
  });

  router.post(
    '/stories/:id/reactions',
    limit(rateLimitPolicies.reactionsPerAccount),
    async (req, res) => {
      const { id } = storyIdParamsSchema.parse(req.params);
      const user = activeUser(req);
      const { type } = reactRequestSchema.parse(req.body);
      await engagement.react(id, user, type, actorOf(req));
      res.json((await reads.card(id)).reactions);
    },
  );

  // Give or withdraw one reaction by name: a repeat changes nothing, so a second tab or a retried
  // request never turns a reaction the other way. Both answer the story's reaction counts.
  for (const [method, given] of [
    ['put', true],
    ['delete', false],
  ] as const)
    router[method](
      '/stories/:id/reactions/:type',
      limit(rateLimitPolicies.reactionsPerAccount),
      async (req, res) => {
        const { id, type } = storyReactionParamsSchema.parse(req.params);
        const user = activeUser(req);
        await engagement.react(id, user, type, actorOf(req), given);
        res.json((await reads.card(id)).reactions);
      },
    );

  router.delete('/stories/:id', limit(rateLimitPolicies.deletionsPerAccount), async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    const user = activeUser(req);
    await stories.delete(id, user, user.role === 'admin', actorOf(req));
    res.status(204).end();
  });

  router.get('/users/stories', async (req, res) => {
    const user = currentUser(req);
    const query = pageQuerySchema.parse(req.query);
    const page = await queries.byAuthor(user._id, query);
    res.json(toPage(page, toMyStory));
  });

  /** A page of stories as admins list them, each with its author. */
  const adminPage = async (page: Page<StoryDoc>) => {
    const authors = await authorsOf(page.items.map((doc) => doc.authorId));
    return toPage(page, (doc) => toAdminStory(doc, authors.get(doc.authorId) ?? null));
  };

  router.get('/admin/stories', async (req, res) => {
    adminUser(req);
    res.json(await adminPage(await queries.pendingQueue(pageQuerySchema.parse(req.query))));
  });

  router.patch('/admin/stories/:id', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    const admin = adminUser(req);
    const body = moderateStoryRequestSchema.parse(req.body);
    await stories.moderate(id, admin, body.status, body.reason, actorOf(req));
    res.json(await reads.card(id));
  });

  router.delete('/admin/stories/:id', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    const admin = adminUser(req);
    const { reason } = deleteStoryRequestSchema.parse(req.body);
    await stories.delete(id, admin, true, actorOf(req), reason);
    res.status(204).end();
  });

  router.get('/admin/stories/:id/history', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    adminUser(req);
    res.json(await history(id));
  });

  router.get('/admin/skipped-stories', async (req, res) => {
    adminUser(req);
    res.json(await adminPage(await queries.poorPerformers(pageQuerySchema.parse(req.query))));
  });

  router.get('/dashboard/stories', async (req, res) => {
    adminUser(req);
    const query = storyFeedQuerySchema.omit({ category: true, sort: true }).parse(req.query);
    const page = await queries.dashboard(query);
    res.json(toPage(page, toDashboardStory));
  });
}
