import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import type { VoteChoice } from '@whosright/contracts/story/events';
import { votePercentages } from '@whosright/contracts/story/rules';

import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { voteLabel } from '#web/features/stories/lib/vote-label.ts';

// The verdict timeline (chart, summary, its request) loads only once the reader has voted: its
// code stays out of the story page's first load.
const VerdictTimeline = lazy(() =>
  import('#web/features/stories/components/verdict-timeline.tsx').then((m) => ({
    default: m.VerdictTimeline,
  })),
);

/**
 * After voting (or, read-only, for a banned member): He and She percentages with a split bar, total votes, 'You voted ...' and the
 * actions (Next Story, Share). Percentages are text, so screen readers read them; the bar is
 * decoration.
 */
export function VoteResults({
  storyId,
  heVotes,
  sheVotes,
  myVote,
  actions,
  belowActions = null,
  focusWhen = false,
}: {
  /** Whose verdict timeline to show below the split. */
  storyId: string;
  heVotes: number;
  sheVotes: number;
  /** Null for a reader who cannot vote (banned before voting): no "You voted" line. */
  myVote: VoteChoice | null;
  actions: ReactNode;
  /** Said right under the actions (the wait before the next story). */
  belowActions?: ReactNode;
  /** Set when the reader has just voted: the buttons they used are gone, focus comes here. */
  focusWhen?: boolean;
}) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusWhen) section.current?.focus();
  }, [focusWhen]);
  const total = heVotes + sheVotes;
  const percent = votePercentages(heVotes, sheVotes);
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby="results-title"
      aria-live="polite"
      className="grid scroll-my-24 gap-4 outline-none"
    >
      <h2 id="results-title" className="sr-only">
        Results
      </h2>
      <div className="flex items-end justify-between gap-4">
        <p className="grid text-he">
          <span className="font-display text-3xl font-black tabular-nums sm:text-4xl">
            {percent.he}%
          </span>
          <span className="text-sm font-semibold">He&apos;s Right</span>
        </p>
        <p className="grid text-right text-she">
          <span className="font-display text-3xl font-black tabular-nums sm:text-4xl">
            {percent.she}%
          </span>
          <span className="text-sm font-semibold">She&apos;s Right</span>
        </p>
      </div>
      <div aria-hidden="true" className="flex h-3 overflow-hidden rounded-full bg-muted">
        <div
          className="bg-he transition-[width] duration-700"
          style={{ width: `${percent.he}%` }}
        />
        <div
          className="bg-she transition-[width] duration-700"
          style={{ width: `${percent.she}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p className="text-muted-foreground">
          {total} {total === 1 ? 'vote' : 'votes'}
        </p>
        {myVote ? <p className="font-semibold">You voted {voteLabel(myVote)}</p> : null}
      </div>
      <div>
        {/* Next shrinks (its label wraps) so the row never pushes a 320 px page wider. */}
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-3">{actions}</div>
        {belowActions}
      </div>
      {/* The fallback has the timeline's fixed height (h-44), so nothing moves when it loads. */}
      <Suspense fallback={<Skeleton rounded="lg" className="h-44" />}>
        <VerdictTimeline storyId={storyId} />
      </Suspense>
    </section>
  );
}
