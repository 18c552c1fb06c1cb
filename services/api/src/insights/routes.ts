import type { Router } from 'express';
import { insightsQuerySchema, type Insights } from '@whosright/contracts/insights/dto';
import { adminUser } from '#api/platform/auth';
import type { AdminInsights } from './admin-insights';

/** Admins read their community's activity as charts. */
export function insightsRoutes(router: Router, insights: AdminInsights): void {
  router.get('/admin/insights', async (req, res) => {
    adminUser(req);
    const { days } = insightsQuerySchema.parse(req.query);
    const body: Insights = await insights.over(days);
    res.json(body);
  });
}
