import type { ReportAction } from '@whosright/contracts/report/events';

/** What closing a target's reports did, as a closed case and a member's history name it. */
export const REPORT_OUTCOME: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  hide: 'Story hidden',
  delete: 'Comment deleted',
  ban: 'Author banned',
};
