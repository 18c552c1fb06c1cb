import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, CloudOffIcon, RotateCwIcon } from 'lucide-react';

import { MessageIcon, MessageScreen } from '#web/components/errors/message-screen.tsx';
import { Button } from '#web/components/ui/button.tsx';

/**
 * The story could not be loaded (the server is unavailable, or the network failed): not the
 * same as a missing story, so it says so and offers to try again, as the home feed does.
 */
export function StoryUnavailable({
  onRetry,
  retrying,
}: {
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <MessageScreen
      visual={
        <MessageIcon className="bg-muted text-muted-foreground">
          <CloudOffIcon className="size-8" aria-hidden="true" />
        </MessageIcon>
      }
      title="Couldn't load this story"
      message="The connection or the server had a problem. The story is probably still there."
      actions={
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={onRetry} disabled={retrying}>
            <RotateCwIcon className={retrying ? 'animate-spin' : undefined} />
            Try again
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/">
              <ArrowLeftIcon />
              Back to Stories
            </Link>
          </Button>
        </div>
      }
    />
  );
}
