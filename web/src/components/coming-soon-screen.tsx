import { Link } from '@tanstack/react-router';
import { HomeIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/**
 * Holds a route the header already links to until its feature lands (profile, dashboard,
 * admin). Each of those issues replaces its route file; delete this component with the last one.
 */
export function ComingSoonScreen({ title, text }: { title: string; text: string }) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-5 px-4 py-16 text-center"
    >
      <h1 id="coming-soon-title" className="font-display text-2xl font-bold">
        {title}
      </h1>
      <p className="text-muted-foreground">{text}</p>
      <Button asChild variant="outline">
        <Link to="/">
          <HomeIcon />
          Back to Home
        </Link>
      </Button>
    </section>
  );
}
