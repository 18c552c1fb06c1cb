import type { Router } from 'express';
import {
  automodRuleBodySchema,
  automodRuleParamsSchema,
  automodRulePatchSchema,
  type AutomodRule,
  type AutomodRules as AutomodRulesBody,
} from '@whosright/contracts/automod/dto';
import { actorOf, adminUser } from '#api/platform/auth';
import type { AutomodRules } from './automod-rules';

/** Admins list, create, change and delete the automod rules. */
export function automodRuleRoutes(router: Router, rules: AutomodRules): void {
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
