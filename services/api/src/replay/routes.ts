import type { Router } from 'express';
import {
  dryRunQuerySchema,
  replayIdParamsSchema,
  replayQuerySchema,
  startReplayRequestSchema,
} from '@whosright/contracts/story/ranking-dto';
import { DEFAULT_RANKING_RULE } from '@whosright/contracts/story/ranking-rule';
import { adminUser } from '#api/platform/auth';
import { NotFoundError } from '#api/platform/errors';
import type { ReplayService } from './replay-service';

/**
 * The Poor Performing ranking as it stood, admins only: start a replay of a moment
 * (202, the same job for the same minute), watch it, and dry-run another rule over today or it.
 */
export function replayRoutes(router: Router, replays: ReplayService): void {
  router.post('/admin/replays', async (req, res) => {
    adminUser(req);
    const { until, rule } = startReplayRequestSchema.parse(req.body);
    res.status(202).json(await replays.start(until, rule));
  });

  router.get('/admin/replays/:id', async (req, res) => {
    adminUser(req);
    const { id } = replayIdParamsSchema.parse(req.params);
    const rule = { ...DEFAULT_RANKING_RULE, ...replayQuerySchema.parse(req.query) };
    const job = await replays.get(id, rule);
    if (!job) throw new NotFoundError('No such replay (replays are kept for an hour)');
    res.json(job);
  });

  router.get('/admin/stories/poor/dry-run', async (req, res) => {
    adminUser(req);
    const { replay, ...rule } = dryRunQuerySchema.parse(req.query);
    res.json(await replays.dryRun(rule, replay));
  });
}
