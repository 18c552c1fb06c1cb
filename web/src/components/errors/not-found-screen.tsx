import { Link } from '@tanstack/react-router';
import { HomeIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/** The catch-all screen (SPEC.md section 2). */
export function NotFoundScreen() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center"
    >
      <p
        aria-hidden="true"
        className="bg-gradient-to-r from-he to-she bg-clip-text font-display text-7xl font-black tracking-tight text-transparent sm:text-8xl"
      >
        404
      </p>
      <div className="grid gap-2">
        <h1 id="not-found-title" className="font-display text-2xl font-bold">
          Page not found
        </h1>
        <p className="text-muted-foreground">
          The page you&apos;re looking for doesn&apos;t exist or has been moved.
        </p>
      </div>
      <Button asChild size="lg">
        <Link to="/">
          <HomeIcon />
          Go Home
        </Link>
      </Button>
    </section>
  );
}
