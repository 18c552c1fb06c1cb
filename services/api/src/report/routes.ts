import type { Request, Router } from 'express';
import {
  closeReportsRequestSchema,
  fileReportRequestSchema,
  reportsQuerySchema,
  reportTargetParamsSchema,
  type FiledReport,
  type MyReport,
  type ReportedTargetsPage,
} from '@whosright/contracts/report/dto';
import { actorOf, activeUser, adminUser, currentUser } from '#api/platform/auth';
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
  const perAccount = rateLimitPolicies.reportsPerAccount;
  const file = async (req: Request) => {
    const reporter = activeUser(req);
    const body = fileReportRequestSchema.parse(req.body);
    return { reporter, ...(await reports.file(body, reporter, actorOf(req))) };
  };
  // Only a report that was filed counts against the member's reports an hour.
  router.post('/reports', limit(perAccount), async (req, res) => {
    const { reporter, report, created } = await file(req).catch(async (refused: unknown) => {
      await limit.refund(perAccount, req);
      throw refused;
    });
    onFiled(reporter._id);
    const body: FiledReport = report;
    res.status(created ? 201 : 200).json(body);
  });

  // The member's own open report on a target (a banned member's too: they may read it).
  router.get('/reports/:targetType/:targetId', async (req, res) => {
    const reporter = currentUser(req);
    const target = reportTargetParamsSchema.parse(req.params);
    const body: MyReport = { report: await reports.mine(target, reporter) };
    res.json(body);
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
