import type { ReportEvent } from '@whosright/contracts/report/events';
import { defineProjection, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { CASES, REPORTS, caseId, type FiledReportDoc } from './docs';

type Handled = Recorded<ReportEvent>;

const filedReports = (value: unknown): FiledReportDoc[] =>
  value && typeof value === 'object' ? Object.values(value as Record<string, FiledReportDoc>) : [];

/**
 * Members' reports, one case per reported target and round, for the admin's Reports tab: open
 * ones by their newest report, closed ones by when they were closed.
 */
export const reportsProjection = defineProjection<Handled>({
  name: REPORTS,
  // 2: an index on the author, for a member's history.
  version: 2,
  eventTypes: ['ReportFiled', 'ReportsClosed'],
  collections: [
    {
      name: CASES,
      indexes: [
        {
          fields: [
            ['status', 1],
            ['lastReportedAt', -1],
          ],
        },
        {
          fields: [
            ['status', 1],
            ['closedAt', -1],
          ],
        },
        {
          fields: [
            ['authorId', 1],
            ['lastReportedAt', -1],
          ],
        },
      ],
      derive(doc) {
        const reports = filedReports(doc.reports);
        const last = reports.reduce<string | undefined>(
          (newest, report) => (newest === undefined || report.at > newest ? report.at : newest),
          undefined,
        );
        return { count: reports.length, ...(last === undefined ? {} : { lastReportedAt: last }) };
      },
    },
  ],
  apply(event): Change[] {
    const at = event.metadata.recordedAt;
    switch (event.type) {
      case 'ReportFiled': {
        const { targetType, targetId, storyId, authorId, reporterId, round, reason } = event.data;
        const report: FiledReportDoc = { reason, note: event.data.note ?? null, at };
        return [
          upsert(CASES, caseId(targetType, targetId, round), {
            $set: {
              targetType,
              targetId,
              storyId,
              authorId,
              round,
              status: 'open',
              [`reports.${reporterId}`]: report,
            },
          }),
        ];
      }
      case 'ReportsClosed': {
        const { targetType, targetId, round, action, moderatorId, reason } = event.data;
        return [
          upsert(CASES, caseId(targetType, targetId, round), {
            $set: {
              status: 'closed',
              closedAt: at,
              action,
              closeReason: reason ?? null,
              moderatorId,
            },
          }),
        ];
      }
    }
  },
});
