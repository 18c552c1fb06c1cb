/**
 * What a failed submission or resubmission tells its author. Signed out: the sign-in prompt with
 * `signIn`. A lost connection: nothing, the dialog waits and sends again when it is back
 * (lib/post-when-online.ts). Anything else: a toast titled `title`, saying `fallback` unless the
 * server said something the author can act on (a 409, such as a story no longer rejected after a
 * resubmission from another tab, keeps the server's words).
 */
import { toast } from '#web/hooks/use-toast.ts';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage, errorStatus, failureDescription } from '#web/lib/error-message.ts';
import { isNetworkFailure } from '#web/lib/post-when-online.ts';
import { requireLogin } from '#web/lib/unauthorized.ts';

interface SubmissionTexts {
  signIn: string;
  title: string;
  fallback: string;
}

export function submissionErrorHandler({ signIn, title, fallback }: SubmissionTexts) {
  return (error: unknown): void => {
    if (isUnauthorized(error)) {
      requireLogin(signIn);
      return;
    }
    if (isNetworkFailure(error)) return;
    toast({
      title,
      description:
        errorStatus(error) === 409
          ? errorMessage(error, fallback)
          : failureDescription(error, fallback),
      variant: 'destructive',
    });
  };
}
