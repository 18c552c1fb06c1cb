import { Link } from '@tanstack/react-router';
import { HomeIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { MessageScreen } from './message-screen.tsx';

/** The catch-all screen of any route the app does not know. */
export function NotFoundScreen() {
  return (
    <MessageScreen
      visual={
        <p
          aria-hidden="true"
          className="bg-gradient-to-r from-he to-she bg-clip-text font-display text-7xl font-black tracking-tight text-transparent sm:text-8xl"
        >
          404
        </p>
      }
      title="Page not found"
      message="The page you're looking for doesn't exist or has been moved."
      actions={
        <Button asChild size="lg">
          <Link to="/">
            <HomeIcon />
            Go Home
          </Link>
        </Button>
      }
    />
  );
}
