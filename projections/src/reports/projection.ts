import type { ReportEvent } from '@whosright/contracts/report/events';
import { defineProjection, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { CASES, FILINGS, REPORTS, caseId, filingId, type FiledReportDoc } from './docs';

type Handled = Recorded<ReportEvent>;

const filedReports = (value: unknown): FiledReportDoc[] =>
  value && typeof value === 'object' ? Object.values(value as Record<string, FiledReportDoc>) : [];

/**
 * Members' reports, one case per reported target and round, for the admin's Reports tab: open
 * ones by their newest report, closed ones by when they were closed. Each report is also kept
 * by its reporter (filings), who hears what came of it.
 */
export const reportsProjection = defineProjection<Handled>({
  name: REPORTS,
  // The closing of reports on a story (its reporters' bells).
  storyChanges: { kind: 'reports', eventTypes: ['ReportsClosed'] },
  // 2: filings, each reporter's side of a case.
  // 3: an index on the author, for a member's history.
  version: 3,
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
    {
      name: FILINGS,
      indexes: [
        {
          fields: [
            ['reporterId', 1],
            ['status', 1],
            ['closedAt', -1],
          ],
        },
      ],
    },
  ],
  apply(event): Change[] {
    const at = event.metadata.recordedAt;
    switch (event.type) {
      case 'ReportFiled': {
        const { targetType, targetId, storyId, authorId, reporterId, round, reason } = event.data;
        const report: FiledReportDoc = { reason, note: event.data.note ?? null, at };
        const id = caseId(targetType, targetId, round);
        return [
          upsert(FILINGS, filingId(id, reporterId), {
            $set: { reporterId, targetType, targetId, storyId, at, status: 'open' },
          }),
          upsert(CASES, id, {
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
        const { targetType, targetId, round, action, moderatorId, reason, reporterIds } =
          event.data;
        const id = caseId(targetType, targetId, round);
        return [
          ...reporterIds.map((reporterId) =>
            upsert(FILINGS, filingId(id, reporterId), {
              $set: { status: 'closed', closedAt: at, action },
            }),
          ),
          upsert(CASES, id, {
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
