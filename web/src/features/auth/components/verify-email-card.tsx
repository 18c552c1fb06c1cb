/**
 * /login?mode=verify&token=...: the link of the verification mail. It verifies once on arrival
 * and says how it went; focus moves to the outcome so screen readers hear it.
 */
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { CircleCheckIcon, CircleAlertIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { OutcomeHeader } from '#web/components/outcome-header.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useVerifyEmail } from '#web/features/auth/api/verify-email.ts';
import { errorMessage } from '#web/lib/error-message.ts';

export function VerifyEmailCard({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { mutate } = verify;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  const { user } = useCurrentUser();
  // A used link is refused like a wrong one (the server tells strangers nothing), but the signed-in
  // owner of an already verified address opening it again is simply told so.
  const alreadyVerified = verify.isError && user?.emailVerified === true;
  const verified = verify.isSuccess || alreadyVerified;
  const failed = verify.isError && !alreadyVerified;
  const done = verify.isSuccess || verify.isError;
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const title = verified
    ? 'Email verified'
    : failed
      ? 'Verification failed'
      : 'Verifying your email...';
  const description = verify.isSuccess
    ? 'Thank you: your email address is confirmed.'
    : alreadyVerified
      ? 'Your email address is already confirmed.'
      : failed
        ? errorMessage(verify.error, 'This verification link is invalid or has expired.')
        : 'One moment while we check your link.';

  return (
    <Card className="w-full max-w-md gap-6 shadow-sm">
      <OutcomeHeader
        icon={
          failed ? (
            <CircleAlertIcon className="size-10 text-destructive" />
          ) : (
            <CircleCheckIcon
              className={verified ? 'size-10 text-primary' : 'size-10 text-muted-foreground'}
            />
          )
        }
        title={title}
        description={description}
        headingRef={heading}
      />
      {done && (
        <CardContent className="flex justify-center">
          <Button asChild>
            <Link to="/">Go to the stories</Link>
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
