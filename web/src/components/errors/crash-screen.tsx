import { useEffect } from 'react';
import { HomeIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/**
 * The crash fallback for uncaught render errors (SPEC.md section 2); the router's
 * defaultErrorComponent. It uses plain links, not the router, because the router may be what
 * broke.
 */
export function CrashScreen({ error }: { error?: unknown }) {
  useEffect(() => {
    if (error) console.error('Uncaught render error', error);
  }, [error]);

  return (
    <section
      role="alert"
      aria-labelledby="crash-title"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-she-soft text-she">
        <TriangleAlertIcon className="size-8" aria-hidden="true" />
      </span>
      <div className="grid gap-2">
        <h1 id="crash-title" className="font-display text-2xl font-bold">
          Something went wrong
        </h1>
        <p className="text-muted-foreground">
          An unexpected error stopped this page. Refreshing usually fixes it.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RefreshCwIcon />
          Refresh Page
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href="/">
            <HomeIcon />
            Go to Home
          </a>
        </Button>
      </div>
    </section>
  );
}
