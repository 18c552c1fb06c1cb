import { displayNameOf } from '@whosright/contracts/account/display-name';
import type { ReportedTarget } from '@whosright/contracts/report/dto';
import type { ReportReason } from '@whosright/contracts/report/reasons';
import type { ReportCaseDoc } from '@whosright/projections/reports/docs';
import type { UserDoc } from '@whosright/projections/users/docs';

/**
 * A case as the admin's Reports tab lists it. A deleted member's name and notes are not shown:
 * their account is gone from the users read model, and a rebuild reads their notes forgotten.
 */
export function toReportedTarget(
  doc: ReportCaseDoc,
  text: string | null,
  users: ReadonlyMap<string, UserDoc>,
): ReportedTarget {
  const person = (id: string | undefined) => {
    const user = id === undefined ? undefined : users.get(id);
    return user ? { id: user._id, displayName: displayNameOf(user) } : null;
  };
  const filed = Object.entries(doc.reports)
    .map(([reporterId, report]) => ({
      reporter: person(reporterId),
      reason: report.reason,
      note: users.has(reporterId) ? report.note : null,
      at: report.at,
    }))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const counts = new Map<ReportReason, number>();
  for (const report of filed) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return {
    id: doc._id,
    targetType: doc.targetType,
    targetId: doc.targetId,
    storyId: doc.storyId,
    text,
    author: person(doc.authorId),
    count: filed.length,
    reasons: [...counts]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count),
    reports: filed,
    lastReportedAt: doc.lastReportedAt ?? filed[0]?.at ?? '',
    closed:
      doc.status === 'closed' && doc.action && doc.closedAt
        ? {
            action: doc.action,
            reason: doc.closeReason ?? null,
            by: person(doc.moderatorId),
            at: doc.closedAt,
          }
        : null,
  };
}
