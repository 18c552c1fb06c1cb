import type { ReportAction, ReportTargetType } from '@whosright/contracts/report/events';
import type { ReportReason } from '@whosright/contracts/report/reasons';
import type { Doc } from '../store/port';

export const REPORTS = 'reports';
export const CASES = 'cases';
export const FILINGS = 'filings';

/** One member's report in a case. */
export interface FiledReportDoc {
  reason: ReportReason;
  note: string | null;
  at: string;
}

/**
 * The reports on one story or comment in one round, `{targetType}:{targetId}:{round}`: open until
 * an admin closes them all, then closed with what was done. Reporting it again opens the next.
 */
export interface ReportCaseDoc extends Doc {
  targetType: ReportTargetType;
  targetId: string;
  storyId: string;
  authorId: string;
  round: number;
  status: 'open' | 'closed';
  /** By reporter id. */
  reports: Record<string, FiledReportDoc>;
  /** Derived: how many reports, and the newest one's time (the open list's order). */
  count?: number;
  lastReportedAt?: string;
  closedAt?: string;
  action?: ReportAction;
  closeReason?: string | null;
  moderatorId?: string;
}

export const caseId = (targetType: ReportTargetType, targetId: string, round: number) =>
  `${targetType}:${targetId}:${round}`;

/**
 * One member's report in one case, `{caseId}:{reporterId}`, from the reporter's side: what came
 * of it once the case was closed (their notification of the outcome).
 */
export interface FilingDoc extends Doc {
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  storyId: string;
  /** When they last filed or replaced it. */
  at: string;
  status: 'open' | 'closed';
  closedAt?: string;
  action?: ReportAction;
}

export const filingId = (caseIdOfFiling: string, reporterId: string) =>
  `${caseIdOfFiling}:${reporterId}`;
