import type { Router } from 'express';
import {
  closeReportsRequestSchema,
  fileReportRequestSchema,
  reportsQuerySchema,
  reportTargetParamsSchema,
  type FiledReport,
  type ReportedTargetsPage,
} from '@whosright/contracts/report/dto';
import { actorOf, activeUser, adminUser } from '#api/platform/auth';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { ReportService } from './report-service';

/**
 * Members report a story or a comment (not their own; banned members cannot); admins list the
 * reports by target and close them with an action. `onFiled` is told of each report filed (the
 * reporter's open bells then watch for its closing).
 */
export function reportRoutes(
  router: Router,
  reports: ReportService,
  limit: WriteLimit,
  onFiled: (reporterId: string) => void = () => undefined,
): void {
  router.post('/reports', limit(rateLimitPolicies.reportsPerAccount), async (req, res) => {
    const reporter = activeUser(req);
    const body = fileReportRequestSchema.parse(req.body);
    const { report, created }: { report: FiledReport; created: boolean } = await reports.file(
      body,
      reporter,
      actorOf(req),
    );
    onFiled(reporter._id);
    res.status(created ? 201 : 200).json(report);
  });

  router.get('/admin/reports', async (req, res) => {
    adminUser(req);
    const { status, ...page } = reportsQuerySchema.parse(req.query);
    const body: ReportedTargetsPage = await reports.page(status, page);
    res.json(body);
  });

  router.patch('/admin/reports/:targetType/:targetId', async (req, res) => {
    const admin = adminUser(req);
    const target = reportTargetParamsSchema.parse(req.params);
    const body = closeReportsRequestSchema.parse(req.body);
    await reports.close(target, admin, body, actorOf(req));
    res.status(204).end();
  });
}
