import type { ReactNode } from 'react';
import { MessageSquareHeartIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { useCompactHero } from '#web/features/home/hooks/use-compact-hero.ts';

type ActionSize = 'default' | 'lg';

/**
 * The top of the home feed: what the site is in one line, the way to a random story (passed in
 * by the route, in the size asked for) and the way to share one. A signed-in or returning reader
 * gets it as one line, so the first story is above the fold on a phone.
 */
export function HomeHero({
  onAddNew,
  randomAction,
}: {
  onAddNew: () => void;
  randomAction: (size: ActionSize) => ReactNode;
}) {
  const compact = useCompactHero();
  return compact ? (
    <CompactHero randomAction={randomAction} />
  ) : (
    <FullHero onAddNew={onAddNew} randomAction={randomAction} />
  );
}

const youDecide = (
  <span className="bg-gradient-to-r from-he to-she bg-clip-text text-transparent">You decide.</span>
);

/** One line: the title (only its last words on a phone) and Random story; Add new is in the header. */
function CompactHero({ randomAction }: { randomAction: (size: ActionSize) => ReactNode }) {
  return (
    <section
      aria-labelledby="home-title"
      data-hero="compact"
      className="flex items-center gap-3 rounded-2xl border bg-card py-2 pr-2 pl-4 shadow-xs"
    >
      <h1
        id="home-title"
        className="min-w-0 flex-1 font-display text-lg leading-tight font-black tracking-tight sm:text-xl"
      >
        <span className="sr-only sm:not-sr-only">Two sides. One story. </span>
        {youDecide}
      </h1>
      {randomAction('default')}
    </section>
  );
}

function FullHero({
  onAddNew,
  randomAction,
}: {
  onAddNew: () => void;
  randomAction: (size: ActionSize) => ReactNode;
}) {
  return (
    <section
      aria-labelledby="home-title"
      data-hero="full"
      className="relative isolate overflow-hidden rounded-2xl border bg-card px-5 py-6 shadow-xs sm:px-8 sm:py-7"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-20 -z-10 size-72 rounded-full bg-gradient-to-br from-he-soft to-she-soft blur-3xl"
      />
      <p className="mb-3 inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-semibold text-muted-foreground">
        <span className="flex" aria-hidden="true">
          <span className="size-2 rounded-full bg-he" />
          <span className="-ml-0.5 size-2 rounded-full bg-she" />
        </span>
        Anonymous stories, honest verdicts
      </p>
      <h1
        id="home-title"
        className="font-display text-3xl leading-[1.05] font-black tracking-tight text-balance sm:text-4xl lg:text-[2.75rem]"
      >
        Two sides. One story. {youDecide}
      </h1>
      <p className="mt-3 max-w-prose text-pretty text-muted-foreground sm:text-lg">
        Real disagreements between partners, told anonymously. Read one, pick a side, then see how
        everyone else called it.
      </p>
      <div className="mt-5 grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-2 sm:flex">
        {randomAction('lg')}
        <Button size="lg" variant="outline" onClick={onAddNew}>
          <MessageSquareHeartIcon />
          <span className="sm:hidden">Share yours</span>
          <span className="hidden sm:inline">Share your story</span>
        </Button>
      </div>
    </section>
  );
}
