import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { PartyPopperIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/**
 * Random or Next when the viewer has voted on or skipped every story: a friendly end with the way
 * back to the feed. The heading takes focus so a screen reader hears why.
 */
export function AllStoriesSeen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-he-soft to-she-soft">
        <PartyPopperIcon className="size-8" aria-hidden="true" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="font-display text-2xl font-bold outline-none">
        You&apos;ve seen every story
      </h1>
      <p className="max-w-sm text-muted-foreground">
        You have voted on or skipped every story we have. New ones come in all the time: check the
        feed, or see which ones split everyone.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">Back to the feed</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/" search={{ sort: 'divisive' }}>
            Most divisive
          </Link>
        </Button>
      </div>
    </div>
  );
}
