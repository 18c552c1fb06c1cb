import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';

import { MessageIcon, MessageScreen } from '#web/components/errors/message-screen.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** A missing (or unloadable) story. */
export function StoryNotFound() {
  return (
    <MessageScreen
      visual={
        <MessageIcon className="bg-muted text-muted-foreground">
          <SearchXIcon className="size-8" aria-hidden="true" />
        </MessageIcon>
      }
      title="Story Not Found"
      message="The story you're looking for doesn't exist or has been removed."
      actions={
        <Button asChild size="lg">
          <Link to="/">
            <ArrowLeftIcon />
            Back to Stories
          </Link>
        </Button>
      }
    />
  );
}
