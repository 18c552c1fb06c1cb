import { MailIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { useResendVerification } from '#web/features/profile/api/resend-verification.ts';

/** A quiet reminder for an unverified address, with a way to get a new link. */
export function VerifyEmailNotice() {
  const resend = useResendVerification();
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
      <MailIcon className="size-4" aria-hidden="true" />
      Please verify your e-mail address with the link we sent you.
      <Button
        variant="link"
        size="bare"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Send a new link
      </Button>
    </p>
  );
}
