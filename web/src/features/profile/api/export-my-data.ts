/**
 * GET /api/users/me/export: everything the log holds about the member, saved as the JSON file the
 * server names (a few an hour).
 */
import { useMutation } from '@tanstack/react-query';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';

const FALLBACK_NAME = 'whos-right-data.json';

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function attachmentName(header: string | null): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? FALLBACK_NAME;
}

function save(data: unknown, name: string) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function exportMyData(): Promise<void> {
  let name = FALLBACK_NAME;
  const data = await apiRequest<unknown>('GET', '/api/users/me/export', {
    onHeaders: (headers) => {
      name = attachmentName(headers.get('content-disposition'));
    },
  });
  save(data, name);
}

export function useExportMyData() {
  return useMutation({
    mutationFn: exportMyData,
    onSuccess: () => {
      toast({ title: 'Your data is downloading', description: 'Check your downloads folder.' });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        title: 'Could not export your data',
        description: errorMessage(error, 'Please try again in a moment.'),
        variant: 'destructive',
      });
    },
  });
}
