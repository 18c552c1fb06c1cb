/**
 * POST /api/reports {targetType, targetId, reason, note?}: a member reports a story or a comment.
 * Filing again replaces their open report, so a second send is never an error. Signed out, the
 * answer asks to sign in; any other failure toasts the server's reason for a refusal (one's own
 * writing, a banned member) or asks to try again.
 */
import { useMutation } from '@tanstack/react-query';
import type { FiledReport, FileReportBody } from '@whosright/contracts/report/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage, errorStatus, failureDescription } from '#web/lib/error-message.ts';
import { requireLogin } from '#web/lib/unauthorized.ts';

export function fileReport(body: FileReportBody): Promise<FiledReport> {
  return apiRequest('POST', '/api/reports', { body, schema: (s) => s.filedReportSchema });
}

const FAILED = 'Failed to send your report. Please try again.';

export function useFileReport() {
  return useMutation({
    mutationFn: fileReport,
    meta: { onUnauthorized: 'ignore' },
    onSuccess: () => {
      toast({
        title: 'Report sent',
        description: 'Thank you. A moderator will take a look.',
      });
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        requireLogin('Please log in to report.');
        return;
      }
      toast({
        title: 'Report Failed',
        // Gone meanwhile: the server says what is gone.
        description:
          errorStatus(error) === 404
            ? errorMessage(error, FAILED)
            : failureDescription(error, FAILED),
        variant: 'destructive',
      });
    },
  });
}
