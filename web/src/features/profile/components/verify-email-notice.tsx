import { MailIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { useResendVerification } from '#web/features/profile/api/resend-verification.ts';

/**
 * A quiet reminder for an unverified address, with a way to get a new link: the icon, then the
 * sentence and its link as one run of text, so a narrow screen wraps the words beside the icon
 * instead of leaving the icon on a line of its own.
 */
export function VerifyEmailNotice() {
  const resend = useResendVerification();
  return (
    <p
      data-testid="verify-email-notice"
      className="flex items-start gap-2 border-t pt-4 text-sm text-muted-foreground"
    >
      <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Check your inbox to verify your e-mail.{' '}
        <Button
          variant="link"
          size="bare"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Send a new link
        </Button>
      </span>
    </p>
  );
}
