/** POST /api/auth/resend-verification: a new link to the member's address (3 an hour). */
import { useMutation } from '@tanstack/react-query';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';

export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/auth/resend-verification'),
    onSuccess: (answer) => {
      toast({ title: 'Verification email sent', description: answer.message });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        title: 'Could not send the email',
        description: errorMessage(error, 'Please try again in a moment.'),
        variant: 'destructive',
      });
    },
  });
}
