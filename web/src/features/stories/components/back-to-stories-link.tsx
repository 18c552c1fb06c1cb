import { ArrowLeftIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { useBackToFeed } from '#web/features/stories/hooks/use-feed-return.ts';

/**
 * Back to the feed the reader came from, at their place in it. A modified or middle click keeps
 * the browser's own behaviour (a new tab or window on the link's address).
 */
export function BackToStoriesLink() {
  const backToFeed = useBackToFeed();
  return (
    <Button asChild variant="ghost" className="-ml-3 justify-self-start">
      <a
        href={backToFeed.href}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          backToFeed.go();
        }}
      >
        <ArrowLeftIcon />
        Back to stories
      </a>
    </Button>
  );
}
