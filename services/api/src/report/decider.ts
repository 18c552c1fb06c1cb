import type {
  ReportAction,
  ReportEvent,
  ReportTargetType,
} from '@whosright/contracts/report/events';
import type { ReportReason } from '@whosright/contracts/report/reasons';
import { CommandRejected } from '#api/write/rejection';

/**
 * Every report on one story or comment (`reports-{targetType}-{targetId}`). A member has at most
 * one open report per target: filing again replaces it, and the same report again appends
 * nothing. An admin closes every open report at once; closing when none is open is refused, so
 * of two admins acting on one target the second is told it is done.
 */
export type ReportRejection = 'own_target' | 'no_open_reports';

export class ReportCommandRejected extends CommandRejected<ReportRejection> {
  constructor(reason: ReportRejection) {
    super('report', reason);
  }
}

interface OpenReport {
  reason: ReportReason;
  note: string | undefined;
}

export interface ReportsState {
  /** Closings so far: the round the open reports belong to. */
  round: number;
  open: ReadonlyMap<string, OpenReport>;
  /** Once reported: the story the target is or is on, and who wrote the target. */
  storyId: string | null;
  authorId: string | null;
}

export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: string;
}

export type ReportCommand =
  | (ReportTarget & {
      type: 'FileReport';
      storyId: string;
      authorId: string;
      reporterId: string;
      reason: ReportReason;
      note: string | undefined;
    })
  | (ReportTarget & {
      type: 'CloseReports';
      moderatorId: string;
      action: ReportAction;
      reason: string | null;
    });

export const reportsStream = ({ targetType, targetId }: ReportTarget) =>
  `reports-${targetType}-${targetId}`;

export const reports = {
  initialState: (): ReportsState => ({ round: 0, open: new Map(), storyId: null, authorId: null }),

  evolve(state: ReportsState, event: ReportEvent): ReportsState {
    switch (event.type) {
      case 'ReportFiled': {
        const open = new Map(state.open);
        const { reporterId, reason, note, storyId, authorId } = event.data;
        open.set(reporterId, { reason, note });
        return { ...state, open, storyId, authorId };
      }
      case 'ReportsClosed':
        return { ...state, round: state.round + 1, open: new Map() };
    }
  },

  decide(command: ReportCommand, state: ReportsState): ReportEvent[] {
    const { targetType, targetId } = command;
    switch (command.type) {
      case 'FileReport': {
        const { storyId, authorId, reporterId, reason, note } = command;
        if (reporterId === authorId) throw new ReportCommandRejected('own_target');
        const open = state.open.get(reporterId);
        if (open && open.reason === reason && open.note === note) return [];
        return [
          {
            type: 'ReportFiled',
            data: {
              targetType,
              targetId,
              storyId,
              authorId,
              reporterId,
              round: state.round,
              reason,
              ...(note === undefined ? {} : { note }),
            },
          },
        ];
      }
      case 'CloseReports': {
        // Open reports mean a filing named the story: the null check only narrows the type.
        if (state.open.size === 0 || state.storyId === null)
          throw new ReportCommandRejected('no_open_reports');
        const { moderatorId, action, reason } = command;
        return [
          {
            type: 'ReportsClosed',
            data: {
              targetType,
              targetId,
              storyId: state.storyId,
              moderatorId,
              round: state.round,
              action,
              ...(reason === null ? {} : { reason }),
              reporterIds: [...state.open.keys()],
            },
          },
        ];
      }
    }
  },
};
