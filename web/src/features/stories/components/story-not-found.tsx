import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/** A missing (or unloadable) story (SPEC.md section 2). */
export function StoryNotFound() {
  return (
    <section
      aria-labelledby="story-not-found-title"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchXIcon className="size-8" aria-hidden="true" />
      </span>
      <div className="grid gap-2">
        <h1 id="story-not-found-title" className="font-display text-2xl font-bold">
          Story Not Found
        </h1>
        <p className="text-muted-foreground">
          The story you&apos;re looking for doesn&apos;t exist or has been removed.
        </p>
      </div>
      <Button asChild size="lg">
        <Link to="/">
          <ArrowLeftIcon />
          Back to Stories
        </Link>
      </Button>
    </section>
  );
}
