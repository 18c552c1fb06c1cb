import type { Router } from 'express';
import {
  automodDryRunParamsSchema,
  automodDryRunRequestSchema,
  automodRuleBodySchema,
  automodRuleParamsSchema,
  automodRulePatchSchema,
  type AutomodRule,
  type AutomodRules as AutomodRulesBody,
} from '@whosright/contracts/automod/dto';
import { actorOf, adminUser } from '#api/platform/auth';
import { NotFoundError } from '#api/platform/errors';
import type { AutomodRules } from './automod-rules';
import type { DryRunService } from './dry-run-service';

/**
 * Admins list, create, change and delete the automod rules, and try a rule over the last 30 days
 * first (202 with the job; its progress and result by id).
 */
export function automodRuleRoutes(
  router: Router,
  rules: AutomodRules,
  dryRuns: DryRunService,
): void {
  router.post('/admin/automod-rules/dry-run', async (req, res) => {
    adminUser(req);
    const { rule } = automodDryRunRequestSchema.parse(req.body);
    res.status(202).json(await dryRuns.start(rule));
  });

  router.get('/admin/automod-rules/dry-run/:id', async (req, res) => {
    adminUser(req);
    const { id } = automodDryRunParamsSchema.parse(req.params);
    const job = await dryRuns.get(id);
    if (!job) throw new NotFoundError('No such dry run (dry runs are kept for an hour)');
    res.json(job);
  });

  router.get('/admin/automod-rules', async (req, res) => {
    adminUser(req);
    const body: AutomodRulesBody = { items: await rules.list() };
    res.json(body);
  });

  router.post('/admin/automod-rules', async (req, res) => {
    const admin = adminUser(req);
    const body = automodRuleBodySchema.parse(req.body);
    const rule: AutomodRule = await rules.create(body, admin, actorOf(req));
    res.status(201).json(rule);
  });

  router.patch('/admin/automod-rules/:id', async (req, res) => {
    const admin = adminUser(req);
    const { id } = automodRuleParamsSchema.parse(req.params);
    const patch = automodRulePatchSchema.parse(req.body);
    const rule: AutomodRule = await rules.update(id, patch, admin, actorOf(req));
    res.json(rule);
  });

  router.delete('/admin/automod-rules/:id', async (req, res) => {
    const admin = adminUser(req);
    const { id } = automodRuleParamsSchema.parse(req.params);
    await rules.delete(id, admin, actorOf(req));
    res.status(204).end();
  });
}
