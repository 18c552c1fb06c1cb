import { ConflictError, ForbiddenError } from '#api/platform/errors';
import type { Rejections } from '#api/write/rejection';
import type { ReportRejection } from './decider';

/** What a client sees when a report command is refused. */
export const reportRejections: Rejections<ReportRejection> = {
  own_target: () => new ForbiddenError('You cannot report your own writing'),
  no_open_reports: () => new ConflictError('These reports are already closed', 'reports_closed'),
};
