/**
 * /unsubscribe?token=...: the daily digest's link. Opening it changes nothing (mail scanners open
 * links); the button turns the digest off, and the page says how it went with a way to the
 * settings. Focus moves to the outcome so screen readers hear it.
 */
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { CircleAlertIcon, CircleCheckIcon, MailXIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { OutcomeHeader } from '#web/components/outcome-header.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { useUnsubscribe } from '#web/features/unsubscribe/api/unsubscribe.ts';
import { errorMessage } from '#web/lib/error-message.ts';

const INVALID = 'This unsubscribe link is not valid or has expired.';

export function UnsubscribeCard({ token }: { token: string | undefined }) {
  const unsubscribing = useUnsubscribe();
  const heading = useRef<HTMLHeadingElement>(null);
  const done = unsubscribing.isSuccess || unsubscribing.isError || token === undefined;
  useEffect(() => {
    if (unsubscribing.isSuccess || unsubscribing.isError) heading.current?.focus();
  }, [unsubscribing.isSuccess, unsubscribing.isError]);

  const failed = unsubscribing.isError || token === undefined;
  const title = unsubscribing.isSuccess
    ? 'You are unsubscribed'
    : failed
      ? 'This link did not work'
      : 'Stop the daily digest?';
  const description = unsubscribing.isSuccess
    ? 'You will no longer receive the daily digest.'
    : token === undefined
      ? INVALID
      : unsubscribing.isError
        ? errorMessage(unsubscribing.error, INVALID)
        : "You will no longer get the daily e-mail of your notifications. The bell on Who's Right still tells you.";

  return (
    <Card className="w-full max-w-md gap-6 shadow-sm">
      <OutcomeHeader
        icon={
          failed ? (
            <CircleAlertIcon className="size-10 text-destructive" />
          ) : unsubscribing.isSuccess ? (
            <CircleCheckIcon className="size-10 text-primary" />
          ) : (
            <MailXIcon className="size-10 text-muted-foreground" />
          )
        }
        title={title}
        description={description}
        headingRef={heading}
      />
      <CardContent className="flex flex-wrap justify-center gap-3">
        {done ? null : (
          <Button disabled={unsubscribing.isPending} onClick={() => unsubscribing.mutate(token)}>
            {unsubscribing.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        )}
        <Button variant={done ? 'default' : 'outline'} asChild>
          <Link to="/profile" hash="notification-settings">
            Notification settings
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
