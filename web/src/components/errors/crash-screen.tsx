import { useEffect } from 'react';
import { HomeIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { MessageIcon, MessageScreen } from './message-screen.tsx';

/**
 * The crash fallback for uncaught render errors; the router's defaultErrorComponent. It uses plain
 * links, not the router, because the router may be what broke.
 */
export function CrashScreen({ error }: { error?: unknown }) {
  useEffect(() => {
    if (error) console.error('Uncaught render error', error);
  }, [error]);

  return (
    <MessageScreen
      alert
      visual={
        <MessageIcon className="bg-she-soft text-she">
          <TriangleAlertIcon className="size-8" aria-hidden="true" />
        </MessageIcon>
      }
      title="Something went wrong"
      message="An unexpected error stopped this page. Refreshing usually fixes it."
      actions={
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
      }
    />
  );
}
