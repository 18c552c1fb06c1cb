/**
 * POST /api/reports {targetType, targetId, reason, note?}: a member reports a story or a comment.
 * Filing again replaces their open report, so a second send is never an error. Signed out, the
 * answer asks to sign in; any other failure toasts the server's reason for a refusal (one's own
 * writing, a banned member) or asks to try again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiledReport, FileReportBody, MyReport } from '@whosright/contracts/report/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage, errorStatus, failureDescription } from '#web/lib/error-message.ts';
import { requireLogin } from '#web/lib/unauthorized.ts';

const myReportKey = (targetType: string, targetId: string) => ['my-report', targetType, targetId];

/**
 * GET /api/reports/{targetType}/{targetId}: the member's open report on it, read when the dialog
 * opens, so reporting again starts from what they said.
 */
export function useMyReport(targetType: string, targetId: string, enabled: boolean) {
  return useQuery({
    queryKey: myReportKey(targetType, targetId),
    queryFn: ({ signal }): Promise<MyReport> =>
      apiRequest(
        'GET',
        `/api/reports/${encodeURIComponent(targetType)}/${encodeURIComponent(targetId)}`,
        { signal, schema: (s) => s.myReportSchema },
      ),
    enabled,
    meta: { onUnauthorized: 'ignore' },
  });
}

export function fileReport(body: FileReportBody): Promise<FiledReport> {
  return apiRequest('POST', '/api/reports', { body, schema: (s) => s.filedReportSchema });
}

const FAILED = 'Failed to send your report. Please try again.';

export function useFileReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileReport,
    meta: { onUnauthorized: 'ignore' },
    onSuccess: (report) => {
      queryClient.setQueryData<MyReport>(myReportKey(report.targetType, report.targetId), {
        report,
      });
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
